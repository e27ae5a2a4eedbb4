import request from 'supertest';
import { createQueues } from '../../../jobs/create-queues';
import { QUEUES } from '../../../jobs/queues';
import { startApiHarness, type ApiHarness } from '../../../testing';

let api: ApiHarness;
let staff: string;
let readonly: string;
let group1Contract: number;
let group2Contract: number;

beforeAll(async () => {
  api = await startApiHarness();
  // A mandate the bank ends e-mails the payer through the outbox.
  await createQueues(api.boss, [QUEUES['outbox.deliver']]);
  staff = await api.signIn('staff@demo.test');
  readonly = await api.signIn('readonly@demo.test');
  [{ id: group1Contract }] = await api.db.knex('tenant_contracts').where({ group_id: 1 }).orderBy('id').limit(1).select('id');
  const other = await api.db.knex('tenant_contracts').where({ group_id: 2 }).orderBy('id').first('id');
  group2Contract = other?.id;
});
afterAll(() => api.stop());

const post = (path: string, body: object, token: string | null = staff, group = '1') => {
  const req = request(api.app.express).post(`/api/v2/direct-debit/${path}`).set('X-Group-ID', group);
  if (token) req.set('Authorization', `Bearer ${token}`);
  return req.send(body);
};

const PAPER = { reference: '1234567C01', accountName: 'Test Payer', sortCode: '08-99-99', accountNumber: '66374958' };

describe('POST /api/v2/direct-debit/create-paper-ddi', () => {
  it('creates a PENDING paper mandate; the same reference again is "Reference exists."', async () => {
    const created = await post('create-paper-ddi', { ...PAPER, tenantContractId: group1Contract }).expect(201);
    expect(created.body).toMatchObject({ reference: '1234567C01', status: 'PENDING', paper: true, accountNumberEnding: '4958' });
    const again = await post('create-paper-ddi', { ...PAPER, tenantContractId: group1Contract }).expect(400);
    expect(again.body.error.fields).toEqual([{ field: 'reference', rule: 'unique', message: 'Reference exists.' }]);
  });

  it('refuses a malformed reference and bank details that fail modulus checking, field by field', async () => {
    const res = await post('create-paper-ddi', { ...PAPER, reference: '123456C01', accountNumber: '66374959', tenantContractId: group1Contract }).expect(400);
    expect(res.body.error.fields).toEqual([
      { field: 'reference', rule: 'format', message: 'Reference must be seven digits, the letter C and two digits (0000000C00)' },
      { field: 'accountNumber', rule: 'bankDetails', message: 'Account number is not valid for this sort code' },
    ]);
  });

  it("answers 404 for another group's tenant contract, 403 to read-only staff, 401 anonymously", async () => {
    expect(group2Contract).toBeDefined();
    await post('create-paper-ddi', { ...PAPER, reference: '7654321C02', tenantContractId: group2Contract }).expect(404);
    await post('create-paper-ddi', { ...PAPER, reference: '7654321C02', tenantContractId: group1Contract }, readonly).expect(403);
    await post('create-paper-ddi', { ...PAPER, reference: '7654321C02', tenantContractId: group1Contract }, null).expect(401);
  });
});

describe('POST /api/v2/direct-debit/simulate-*-transaction', () => {
  async function submittedCollection(amount: number): Promise<number> {
    const k = api.db.knex;
    const [mandate] = await k('direct_debit_mandates')
      .insert({ group_id: 1, tenant_contract_id: group1Contract, reference: `SIM${amount}`, account_name: 'Sim', sort_code: '089999', account_number: '66374958', account_number_ending: '4958', status: 'ACTIVE', direct_debit_status: 'ARRANGED', service_user_number: '188760' })
      .returning('id');
    const [schedule] = await k('payment_schedules').insert({ group_id: 1, tenant_contract_id: group1Contract, kind: 'ONE_PAYMENT', schedule_type: 'NEVER', start_date: '2026-12-01', status: 'ACTIVE', amount_pence: amount }).returning('id');
    const [payment] = await k('payments').insert({ group_id: 1, tenant_contract_id: group1Contract, amount_pence: amount, payment_date: '2026-12-03', method: 'DIRECT_DEBIT', status: 'OUTSTANDING' }).returning('id');
    const [collection] = await k('collections')
      .insert({ group_id: 1, tenant_contract_id: group1Contract, schedule_id: schedule.id, occurrence_date: '2026-12-01', collection_date: '2026-12-03', amount_pence: amount, channel: 'DIRECT_DEBIT', status: 'SUBMITTED', payment_id: payment.id, mandate_id: mandate.id })
      .returning('id');
    return collection.id;
  }

  it('settles a submitted collection once: the payment is PAID with one ledger credit', async () => {
    const id = await submittedCollection(2000);
    expect((await post('simulate-settled-transaction', { collectionId: id }).expect(200)).body).toMatchObject({ id, status: 'SETTLED' });
    await post('simulate-settled-transaction', { collectionId: id }).expect(409);
    const credits = await api.db.knex('ledger_entries').whereIn('payment_id', api.db.knex('collections').where({ id }).select('payment_id')).select('kind', 'amount_pence');
    expect(credits).toEqual([{ kind: 'PAYMENT', amount_pence: -2000 }]);
  });

  it('fails a submitted collection with an ARUDD code (account closed cancels the mandate); no ledger credit', async () => {
    const id = await submittedCollection(3000);
    await post('simulate-failed-transaction', { collectionId: id, reasonCode: 'Z' }).expect(400);
    expect((await post('simulate-failed-transaction', { collectionId: id, reasonCode: 'B' }).expect(200)).body).toMatchObject({ status: 'FAILED', failure_code: 'ARUDD-B' });
    expect(await api.db.knex('direct_debit_mandates').where({ reference: 'SIM3000' }).first('status')).toEqual({ status: 'CUSTOMER_CANCELLED' });
    // The contract no longer pays by Direct Debit, and its payer is told why.
    const payer = await api.db.knex('tenant_contracts as tc').join('users as u', 'u.id', 'tc.user_id').where('tc.id', api.db.knex('collections').where({ id }).select('tenant_contract_id')).first('tc.payment_method', 'u.email');
    expect(payer.payment_method).not.toBe('DIRECT_DEBIT');
    expect(await api.db.knex('outbox_messages').where({ recipient: payer.email, subject: 'Your Direct Debit has stopped' }).count({ n: '*' }).first()).toEqual({ n: 1 });
    expect(await api.db.knex('ledger_entries').whereIn('payment_id', api.db.knex('collections').where({ id }).select('payment_id')).count({ n: '*' }).first()).toEqual({ n: 0 });
  });

  it("another group's collection is not found; read-only staff are refused", async () => {
    const id = await submittedCollection(4000);
    await post('simulate-settled-transaction', { collectionId: id }, staff, '2').expect(404);
    await post('simulate-failed-transaction', { collectionId: id }, readonly).expect(403);
  });
});
