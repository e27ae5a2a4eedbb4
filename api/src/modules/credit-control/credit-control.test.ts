import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createQueues } from '../../jobs/create-queues';
import { QUEUES } from '../../jobs/queues';
import { addDays } from '../../rules';
import { startApiHarness, startSmtpReceiver, type ApiHarness } from '../../testing';
import { SandboxSmsAdapter } from '../outbox/adapters/sandbox-sms.adapter';
import { SmtpEmailAdapter } from '../outbox/adapters/smtp-email.adapter';
import { BLACKLISTED_ERROR, deliverOutboxMessage } from '../outbox/deliver-message.service';
import { queueEmail } from '../outbox/queue-message.service';
import { createPendingPayment, failPayment, settlePayment } from '../payments/payment-ledger.service';
import { processFailedPayments, SOME_PAYMENTS_FAILED_TO_PROCESS } from './process-failed-payments.service';
import { runCreditControlLadder } from './run-ladder.service';
import { createTestDebtor } from '../../testing/test-debtor';

/*
 * Frozen-clock scenarios of the credit-control ladder and the failed-payment job, against the demo database:
 * each test makes tenants of its own, with a debt dated from DAY_0, and runs the ladder on chosen days.
 */

let api: ApiHarness;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
const smsFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-sms-'));
const DAY_0 = '2026-10-01';
const PAY_LINK = 'https://bills.test';
const GROUP = 2;

beforeAll(async () => {
  api = await startApiHarness();
  await createQueues(api.boss, [QUEUES['outbox.deliver']]);
  smtp = await startSmtpReceiver();
});
afterAll(async () => {
  await smtp.stop();
  await api.stop();
});

const ladder = (today: string) => runCreditControlLadder(api.db.knex, api.boss, { today, payLinkBase: PAY_LINK });

const debtor = (options: Omit<Parameters<typeof createTestDebtor>[1], 'groupId' | 'since'> = {}) => createTestDebtor(api.db.knex, { groupId: GROUP, since: DAY_0, ...options });

const caseOf = (contractId: number) => api.db.knex('credit_control_records').where({ tenant_contract_id: contractId }).orderBy('id', 'desc').first();
const stepsOf = (contractId: number) =>
  api.db.knex('credit_control_messages as m').leftJoin('outbox_messages as o', 'o.id', 'm.outbox_message_id').where('m.tenant_contract_id', contractId).orderBy('m.id')
    .select('m.step', 'm.channel', 'm.outcome', 'm.days_overdue', 'o.recipient', 'o.subject', 'o.text_body');

async function deliverAll(outboxIds: number[]): Promise<string[]> {
  const adapters = { email: new SmtpEmailAdapter(smtp.url, 'Shared House Bills <hello@bills.test>'), sms: new SandboxSmsAdapter(smsFolder, 'HouseBills') };
  const outcomes: string[] = [];
  for (const id of outboxIds) outcomes.push(await deliverOutboxMessage(api.db.knex, adapters, id, { finalAttempt: true }));
  return outcomes;
}

describe('the ladder', () => {
  it('moves a debtor through every step on its day, each message once even when a day runs twice at once', async () => {
    const { contractId, email } = await debtor();
    await ladder(addDays(DAY_0, 1));
    expect(await caseOf(contractId)).toMatchObject({ stage: 'ENGAGEMENT', status: 'NO_RESPONSE_YET' });
    expect(await stepsOf(contractId)).toEqual([]);
    await ladder(addDays(DAY_0, 6));
    expect(await stepsOf(contractId)).toEqual([]);
    // Day 7, twice at once (two workers, or a retry after a crash): one e-mail.
    await Promise.all([ladder(addDays(DAY_0, 7)), ladder(addDays(DAY_0, 7))]);
    await ladder(addDays(DAY_0, 8));
    for (const day of [14, 15, 21, 35, 36]) await ladder(addDays(DAY_0, day));
    const steps = await stepsOf(contractId);
    expect(steps.map((step) => [step.step, step.channel, step.outcome, step.days_overdue])).toEqual([
      ['BEHIND_ON_PAYMENTS', 'EMAIL', 'QUEUED', 7],
      ['NO_CARD', 'EMAIL', 'QUEUED', 14],
      ['NO_RESPONSE_ESCALATION', 'EMAIL', 'QUEUED', 21],
      ['WARNING_OF_JUDGEMENT', 'EMAIL', 'QUEUED', 35],
      ['WARNING_OF_JUDGEMENT', 'SMS', 'QUEUED', 35],
    ]);
    expect(steps[0]).toMatchObject({ recipient: email, subject: 'You are behind on your bills payments' });
    expect(steps[0]!.text_body).toContain('Your account is £50.00 behind. The oldest unpaid amount was due on 1 October 2026.');
    expect(steps[0]!.text_body).toContain('https://bills.test/tenant-profile/payments/single-payment');
    expect(steps[4]!.text_body).toMatch(/^Hi Debtor\d+, you owe £50\.00\. Unless it is paid or a plan agreed within 14 days we may go to court\./);

    // The messages really go: the e-mails to the local SMTP receiver, the text to the SMS sandbox.
    const outbox: number[] = await api.db.knex('credit_control_messages').where({ tenant_contract_id: contractId }).orderBy('id').pluck('outbox_message_id');
    expect(await deliverAll(outbox.map(Number))).toEqual(['sent', 'sent', 'sent', 'sent', 'sent']);
    expect(smtp.messages.filter((mail) => mail.envelopeTo.includes(email)).map((mail) => mail.headers.subject)).toEqual([
      'You are behind on your bills payments',
      'Add a card so your bills get paid',
      'We have not heard from you about £50.00',
      'Warning: we may go to court for £50.00',
    ]);
    const text = JSON.parse(fs.readFileSync(path.join(smsFolder, `${outbox[4]}.json`), 'utf8'));
    expect(text.to).toMatch(/^\+4477009002\d\d$/);
  });

  it('loses and doubles nothing when a run dies part-way: what committed stays, the rest goes on the next run', async () => {
    const debtors = [await debtor(), await debtor(), await debtor()];
    // The outbox refuses the second debtor's e-mail, as a crash in the middle of the run would stop it.
    await api.db.knex.raw(`CREATE FUNCTION die_midway() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'worker killed'; END $$`);
    await api.db.knex.raw(`CREATE TRIGGER die_midway BEFORE INSERT ON outbox_messages FOR EACH ROW WHEN (NEW.recipient = '${debtors[1]!.email}') EXECUTE FUNCTION die_midway()`);
    const day = addDays(DAY_0, 7);
    await expect(runCreditControlLadder(api.db.knex, api.boss, { today: day, payLinkBase: PAY_LINK, chunkSize: 1 })).rejects.toThrow(/worker killed/);
    await api.db.knex.raw('DROP TRIGGER die_midway ON outbox_messages; DROP FUNCTION die_midway()');
    expect((await stepsOf(debtors[0]!.contractId)).map((step) => step.step)).toEqual(['BEHIND_ON_PAYMENTS']);
    expect((await stepsOf(debtors[1]!.contractId)).length).toBe(0);
    await runCreditControlLadder(api.db.knex, api.boss, { today: day, payLinkBase: PAY_LINK, chunkSize: 1 });
    await runCreditControlLadder(api.db.knex, api.boss, { today: day, payLinkBase: PAY_LINK, chunkSize: 1 });
    for (const { contractId, email } of debtors) {
      expect((await stepsOf(contractId)).map((step) => step.step)).toEqual(['BEHIND_ON_PAYMENTS']);
      expect(await api.db.knex('outbox_messages').where({ recipient: email }).count({ n: '*' })).toEqual([{ n: 1 }]);
    }
  });

  it('sends a debtor first seen late only the step their debt has reached, and skips "no card" for a tenant with a card', async () => {
    const late = await debtor();
    const withCard = await debtor({ card: true });
    await ladder(addDays(DAY_0, 40));
    expect((await stepsOf(late.contractId)).map((step) => `${step.step}:${step.channel}`)).toEqual(['WARNING_OF_JUDGEMENT:EMAIL', 'WARNING_OF_JUDGEMENT:SMS']);
    await ladder(addDays(DAY_0, 7));
    await ladder(addDays(DAY_0, 14));
    await ladder(addDays(DAY_0, 21));
    expect((await stepsOf(withCard.contractId)).map((step) => step.step)).toEqual(['WARNING_OF_JUDGEMENT', 'WARNING_OF_JUDGEMENT', 'BEHIND_ON_PAYMENTS', 'NO_RESPONSE_ESCALATION']);
  });

  it('e-mails nothing to a blacklisted address, and the outbox refuses it whoever queued it', async () => {
    const blocked = await debtor({ email: `Blocked-${Date.now()}@Example.test` });
    await api.db.knex('email_blacklist').insert({ email: `  ${blocked.email.toLowerCase()} `, reason: 'Hard bounce' });
    await ladder(addDays(DAY_0, 7));
    expect(await stepsOf(blocked.contractId)).toEqual([{ step: 'BEHIND_ON_PAYMENTS', channel: 'EMAIL', outcome: 'BLACKLISTED', days_overdue: 7, recipient: null, subject: null, text_body: null }]);
    const id = await api.db.knex.transaction((trx) => queueEmail(trx, api.boss, { to: blocked.email, subject: 'Your statement', text: 'Hello' }));
    expect(await deliverAll([id])).toEqual(['blacklisted']);
    expect(await api.db.knex('outbox_messages').where({ id }).first('status', 'last_error')).toEqual({ status: 'FAILED', last_error: BLACKLISTED_ERROR });
    expect(smtp.messages.some((mail) => mail.envelopeTo.includes(blocked.email) || mail.envelopeTo.includes(blocked.email.toLowerCase()))).toBe(false);
  });

  it('never warns a vulnerable tenant of judgement: staff get a call task for the day instead', async () => {
    const psr = await debtor({ priorityServices: true });
    const byStage = await debtor();
    await ladder(addDays(DAY_0, 21));
    await api.db.knex('credit_control_records').where({ tenant_contract_id: byStage.contractId }).update({ stage: 'VULNERABLE' });
    const day = addDays(DAY_0, 35);
    await ladder(day);
    for (const { contractId } of [psr, byStage]) {
      const steps = await stepsOf(contractId);
      expect(steps.filter((step) => step.step === 'WARNING_OF_JUDGEMENT').map((step) => [step.channel, step.outcome, step.recipient])).toEqual([['CALL', 'CALL_TASK', null]]);
      expect((await caseOf(contractId)).next_chased_date).toBe(day);
    }
  });

  it('pauses while a repayment plan is agreed, and closes the case once the balance is paid', async () => {
    const planned = await debtor();
    await ladder(addDays(DAY_0, 1));
    await api.db.knex('credit_control_records').where({ tenant_contract_id: planned.contractId }).update({ status: 'DEBT_SCHEDULE_AGREED' });
    await ladder(addDays(DAY_0, 7));
    await ladder(addDays(DAY_0, 40));
    expect(await stepsOf(planned.contractId)).toEqual([]);

    const { payment } = await api.db.knex.transaction((trx) => createPendingPayment(trx, { groupId: GROUP, tenantContractId: planned.contractId, amountPence: 5_000, paymentDate: addDays(DAY_0, 41), method: 'CREDIT_CARD', idempotencyKey: `cc-pay-${planned.contractId}`, cardProvider: 'STRIPE' }));
    await api.db.knex.transaction((trx) => settlePayment(trx, payment.id));
    await ladder(addDays(DAY_0, 42));
    const record = await caseOf(planned.contractId);
    expect(record).toMatchObject({ stage: 'DEBT_RESOLVED', next_chased_date: null });
    const audit = await api.db.knex('audit_log').where({ entity: 'credit_control_records', entity_id: String(record.id), action: 'UPDATE' }).first('before', 'after', 'actor_user_id');
    expect(audit).toMatchObject({ before: { stage: 'ENGAGEMENT' }, after: { stage: 'DEBT_RESOLVED' }, actor_user_id: null });
  });
});

describe('failed payments', () => {
  async function failedPayment(contractId: number, reason: string, amountPence = 4_500): Promise<number> {
    const { payment } = await api.db.knex.transaction((trx) => createPendingPayment(trx, { groupId: GROUP, tenantContractId: contractId, amountPence, paymentDate: '2026-11-20', method: 'CREDIT_CARD', idempotencyKey: `cc-fail-${contractId}-${reason}`, cardProvider: 'STRIPE' }));
    await api.db.knex.transaction((trx) => failPayment(trx, payment.id, reason));
    return payment.id;
  }
  const process = () => processFailedPayments(api.db.knex, api.boss, { payLinkBase: PAY_LINK });

  it('texts the tenant who owes at once and opens their case, once however often the job runs; a housemate hears nothing', async () => {
    const owes = await debtor({ owedPence: 0 });
    const housemate = await debtor({ owedPence: 0 });
    // Housemates: two contracts of one house.
    const house: { id: number } = await api.db.knex('house_contracts').where({ group_id: GROUP }).orderBy('id').first('id');
    await api.db.knex('tenant_contracts').whereIn('id', [owes.contractId, housemate.contractId]).update({ house_contract_id: house.id });
    const paymentId = await failedPayment(owes.contractId, 'Insufficient funds.');
    const [first, second] = [await process(), await process()];
    expect(first.errors).toEqual([]);
    expect(first.processed).toBeGreaterThanOrEqual(1);
    expect(second.processed).toBe(0);
    expect(await stepsOf(owes.contractId)).toEqual([
      expect.objectContaining({ step: 'FAILED_PAYMENT', channel: 'SMS', outcome: 'QUEUED', text_body: expect.stringMatching(/^Hi Debtor\d+, your payment of £45.00 could not be taken \(Insufficient funds\)\. Please pay here: https:\/\/bills\.test\/tenant-profile\/payments\/single-payment$/) }),
    ]);
    expect(await caseOf(owes.contractId)).toMatchObject({ stage: 'ENGAGEMENT', status: 'NO_RESPONSE_YET' });
    expect(await stepsOf(housemate.contractId)).toEqual([]);
    expect(await caseOf(housemate.contractId)).toBeUndefined();
    expect(await api.db.knex('payments').where({ id: paymentId }).first('failure_processing_error')).toEqual({ failure_processing_error: null });
  });

  it('puts a broken repayment plan back on the ladder when one of its payments fails', async () => {
    const planned = await debtor({ owedPence: 0 });
    const [schedule] = await api.db.knex('payment_schedules').insert({ group_id: GROUP, tenant_contract_id: planned.contractId, kind: 'REGULAR_PAYMENT', schedule_type: 'MONTHLY', start_date: '2026-11-01', amount_pence: 2_000, payment_day: 1 }).returning('id');
    const [record] = await api.db.knex('credit_control_records').insert({ group_id: GROUP, tenant_contract_id: planned.contractId, status: 'DEBT_SCHEDULE_AGREED', debt_repayment_type: 'FIXED', repayment_schedule_id: schedule.id }).returning('id');
    const paymentId = await failedPayment(planned.contractId, 'Card declined', 2_000);
    await api.db.knex('collections').insert({ group_id: GROUP, tenant_contract_id: planned.contractId, schedule_id: schedule.id, occurrence_date: '2026-11-01', collection_date: '2026-11-01', amount_pence: 2_000, channel: 'CARD', status: 'FAILED', payment_id: paymentId });
    const outcome = await process();
    expect(outcome.plansResumed).toBe(1);
    expect(await api.db.knex('credit_control_records').where({ id: record.id }).first('status')).toEqual({ status: 'NO_RESPONSE_YET' });
  });

  it('goes on past a payment it cannot process, says so, keeps the error and processes it on the next run', async () => {
    const [good, bad] = [await debtor({ owedPence: 0 }), await debtor({ owedPence: 0 })];
    const [goodPayment, badPayment] = [await failedPayment(good.contractId, 'Expired card'), await failedPayment(bad.contractId, 'Expired card')];
    // The database refuses to open this one contract's case, as a constraint or an outage would.
    await api.db.knex.raw(`CREATE FUNCTION refuse_case() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'case store unavailable'; END $$`);
    await api.db.knex.raw(`CREATE TRIGGER refuse_case BEFORE INSERT ON credit_control_records FOR EACH ROW WHEN (NEW.tenant_contract_id = ${bad.contractId}) EXECUTE FUNCTION refuse_case()`);
    const outcome = await process();
    expect(outcome.message).toBe(SOME_PAYMENTS_FAILED_TO_PROCESS);
    expect(outcome.errors).toEqual([{ paymentId: badPayment, error: expect.stringContaining('case store unavailable') }]);
    expect(await api.db.knex('payments').where({ id: goodPayment }).first('failure_processing_error')).toEqual({ failure_processing_error: null });
    expect((await api.db.knex('payments').where({ id: badPayment }).first('failure_processed_at', 'failure_processing_error'))).toEqual({ failure_processed_at: null, failure_processing_error: expect.stringContaining('case store unavailable') });
    expect(await stepsOf(bad.contractId)).toEqual([]);

    await api.db.knex.raw('DROP TRIGGER refuse_case ON credit_control_records; DROP FUNCTION refuse_case()');
    const retried = await process();
    expect(retried).toMatchObject({ processed: 1, errors: [] });
    expect((await stepsOf(bad.contractId)).map((step) => step.step)).toEqual(['FAILED_PAYMENT']);
  });
});
