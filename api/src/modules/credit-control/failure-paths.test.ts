import { createQueues } from '../../jobs/create-queues';
import { QUEUES } from '../../jobs/queues';
import { startApiHarness, type ApiHarness } from '../../testing';
import { loadBacsCalendar } from '../payments/bacs/bank-holidays';
import { ARUDD_REASONS, DDICA_REASONS } from '../payments/bacs/reason-codes';
import { applyAdvice } from '../payments/collections/apply-bacs-reports.service';
import { ledgerSettlement } from '../payments/collections/ledger-ports';
import { createPendingPayment, settlePayment, submitPayment } from '../payments/payment-ledger.service';
import { processFailedPayments } from './process-failed-payments.service';
import { createTestDebtor } from '../../testing/test-debtor';

/*
 * Each Bacs failure takes its path, then lands in the one failed-payment handler: a debit returned with each
 * ARUDD code fails its payment; "refer to payer" (0) is presented once more; a code that ends the mandate never
 * is, and the contract moves off Direct Debit with the payer told; the others keep the mandate for staff to
 * look at. An indemnity claim (DDICA) takes a collected payment back and is never refunded directly. Every one
 * then texts the payer who owes and opens their credit-control case.
 */

let api: ApiHarness;
const GROUP = 1;
const TODAY = '2026-11-24';
let serial = 0;

beforeAll(async () => {
  api = await startApiHarness();
  await createQueues(api.boss, [QUEUES['outbox.deliver']]);
});
afterAll(() => api.stop());

/** A Direct Debit payer with an active mandate and one £45 debit of theirs submitted to the bank (settled if asked). */
async function submittedDebit(settled = false) {
  serial += 1;
  const debtor = await createTestDebtor(api.db.knex, { groupId: GROUP, since: '2026-11-01', owedPence: 4_500 });
  const knex = api.db.knex;
  await knex('tenant_contracts').where({ id: debtor.contractId }).update({ payment_method: 'DIRECT_DEBIT' });
  const reference = `FP-${Date.now() % 1_000_000}-${serial}`;
  const [mandate] = await knex('direct_debit_mandates')
    .insert({ group_id: GROUP, tenant_contract_id: debtor.contractId, reference, account_name: 'TEST PAYER', sort_code: '108800', account_number: '12345628', account_number_ending: '5628', status: 'ACTIVE', direct_debit_status: 'ARRANGED', service_user_number: '188760', lodged_on: '2026-10-01' })
    .returning('id');
  await knex('payment_methods').insert({ group_id: GROUP, tenant_contract_id: debtor.contractId, kind: 'DIRECT_DEBIT', mandate_id: mandate.id });
  const [schedule] = await knex('payment_schedules').insert({ group_id: GROUP, tenant_contract_id: debtor.contractId, kind: 'REGULAR_PAYMENT', schedule_type: 'MONTHLY', start_date: '2026-11-01', amount_pence: 4_500, payment_day: 20 }).returning('id');
  const { payment } = await knex.transaction((trx) => createPendingPayment(trx, { groupId: GROUP, tenantContractId: debtor.contractId, amountPence: 4_500, paymentDate: '2026-11-20', method: 'DIRECT_DEBIT', idempotencyKey: `fp-${reference}` }));
  await knex.transaction((trx) => submitPayment(trx, payment.id));
  if (settled) await knex.transaction((trx) => settlePayment(trx, payment.id));
  const [collection] = await knex('collections')
    .insert({ group_id: GROUP, tenant_contract_id: debtor.contractId, schedule_id: schedule.id, occurrence_date: '2026-11-20', collection_date: '2026-11-20', amount_pence: 4_500, channel: 'DIRECT_DEBIT', status: settled ? 'SETTLED' : 'SUBMITTED', transaction_code: '17', payment_id: payment.id, mandate_id: mandate.id })
    .returning('id');
  return { ...debtor, reference, mandateId: mandate.id, paymentId: payment.id, collectionId: collection.id };
}

async function bankSays(report: 'ARUDD' | 'DDICA', code: string, reference: string) {
  const calendar = await loadBacsCalendar(api.db.knex);
  const action = (report === 'ARUDD' ? ARUDD_REASONS : DDICA_REASONS)[code]!;
  return api.db.knex.transaction((trx) =>
    applyAdvice(trx, { settlement: ledgerSettlement, calendar, boss: api.boss, today: TODAY }, {
      report, serviceUserNumber: '188760', reference, reasonCode: code, action, amountPence: 4_500, collectionDate: '2026-11-20', effectiveDate: null, newSortCode: null, newAccountNumber: null, newAccountName: null,
    }),
  );
}

it.each(Object.entries(ARUDD_REASONS).map(([code, action]) => [code, action.description, action] as const))('ARUDD %s (%s) takes its path, then texts the payer and opens their case', async (code, _description, action) => {
  const debit = await submittedDebit();
  const outcome = await bankSays('ARUDD', code, debit.reference);
  const knex = api.db.knex;
  expect(await knex('collections').where({ id: debit.collectionId }).first('status', 'failure_code')).toEqual({ status: 'FAILED', failure_code: `ARUDD-${code}` });
  expect((await knex('payments').where({ id: debit.paymentId }).first('status')).status).toBe('FAILED');
  const again = await knex('collections').where({ represents_id: debit.collectionId }).first('attempt', 'transaction_code');
  const mandate = (await knex('direct_debit_mandates').where({ id: debit.mandateId }).first('status')).status;
  const contract = (await knex('tenant_contracts').where({ id: debit.contractId }).first('payment_method')).payment_method;
  const stopped = await knex('outbox_messages').where({ recipient: debit.email, subject: 'Your Direct Debit has stopped' }).count({ n: '*' });
  if (code === '0') {
    expect(outcome).toBe('represented');
    expect(again).toEqual({ attempt: 2, transaction_code: '18' });
  } else {
    expect(outcome).toBe('failed');
    expect(again).toBeUndefined();
  }
  if (action.mandate === 'CANCEL') {
    expect([mandate, contract, stopped]).toEqual(['CUSTOMER_CANCELLED', 'PAY_ON_RECEIPT', [{ n: 1 }]]);
  } else {
    expect([mandate, contract, stopped]).toEqual(['ACTIVE', 'DIRECT_DEBIT', [{ n: 0 }]]);
  }
  await processFailedPayments(knex, api.boss, { payLinkBase: 'https://bills.test' });
  const texts = await knex('credit_control_messages').where({ payment_id: debit.paymentId }).select('step', 'channel', 'outcome');
  expect(texts).toEqual([{ step: 'FAILED_PAYMENT', channel: 'SMS', outcome: 'QUEUED' }]);
  expect(await knex('credit_control_records').where({ tenant_contract_id: debit.contractId }).whereNot('stage', 'DEBT_RESOLVED').count({ n: '*' })).toEqual([{ n: 1 }]);
});

it('takes back a collected payment on an indemnity claim, posts the reversal once and refunds nothing', async () => {
  const debit = await submittedDebit(true);
  expect(await bankSays('DDICA', '2', debit.reference)).toBe('reversed');
  // The same claim read again finds nothing more to take back.
  expect(await bankSays('DDICA', '2', debit.reference)).toBe('none');
  const knex = api.db.knex;
  expect(await knex('ledger_entries').where({ payment_id: debit.paymentId }).orderBy('id').select('kind', 'amount_pence')).toEqual([
    { kind: 'PAYMENT', amount_pence: -4_500 },
    { kind: 'PAYMENT_FAILED', amount_pence: 4_500 },
  ]);
  expect(await knex('refunds').where({ tenant_contract_id: debit.contractId }).count({ n: '*' })).toEqual([{ n: 0 }]);
  await processFailedPayments(knex, api.boss, { payLinkBase: 'https://bills.test' });
  expect(await knex('credit_control_messages').where({ payment_id: debit.paymentId }).count({ n: '*' })).toEqual([{ n: 1 }]);
});
