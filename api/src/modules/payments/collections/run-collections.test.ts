import { startBoss, type PgBoss } from '../../../jobs/boss';
import { createQueues } from '../../../jobs/create-queues';
import { QUEUES } from '../../../jobs/queues';
import { createTestDatabase, type TestDatabase } from '../../../testing';
import { readDataRecords } from '../bacs/standard18';
import { ledgerSettlement } from './ledger-ports';
import { sandboxCardCharges } from './sandbox-card-charges';
import { runCollections, type RunCollectionsOptions } from './run-collections.service';

/*
 * The collections run on the demo database with the clock frozen before Christmas 2026 (bank holidays
 * Friday 25th and Monday 28th). Group 1's other schedules are cancelled so only the test's own are due: a
 * Direct Debit payer (monthly, payment day 26: Saturday, so Tuesday 29th) and a card payer (monthly on the 23rd).
 */

let db: TestDatabase;
let boss: PgBoss;
let ddContract: number;
let cardContract: number;
let ddSchedule: number;
let cardSchedule: number;

beforeAll(async () => {
  db = await createTestDatabase({ withDemoData: true });
  boss = await startBoss(db.url, 'sender');
  await createQueues(boss, [QUEUES['outbox.deliver']]);
  const k = db.knex;
  await k('payment_schedules').update({ status: 'CANCELLED' });
  await k('direct_debit_mandates').update({ status: 'INACTIVE' });
  const contracts: Array<{ id: number }> = await k('tenant_contracts').where({ group_id: 1 }).orderBy('id').limit(2).select('id');
  [ddContract, cardContract] = contracts.map((c) => c.id) as [number, number];
  await k('tenant_contracts').where({ id: ddContract }).update({ payment_method: 'DIRECT_DEBIT' });
  await k('tenant_contracts').where({ id: cardContract }).update({ payment_method: 'CREDIT_CARD' });
  await k('direct_debit_mandates').insert({
    group_id: 1,
    tenant_contract_id: ddContract,
    reference: 'SHBTEST0001',
    account_name: 'Test Payer',
    sort_code: '089999',
    account_number: '66374958',
    account_number_ending: '4958',
    status: 'ACTIVE',
    direct_debit_status: 'ARRANGED',
    service_user_number: '188760',
  });
  await k('payment_methods').insert({ group_id: 1, tenant_contract_id: cardContract, kind: 'CARD', card_provider: 'WORLDPAY', card_last4: '4242', card_expiry_month: 12, card_expiry_year: 2030, is_active: true });
  const schedule = { group_id: 1, kind: 'REGULAR_PAYMENT', schedule_type: 'MONTHLY', start_date: '2026-11-01', status: 'ACTIVE' };
  [{ id: ddSchedule }] = await k('payment_schedules').insert({ ...schedule, tenant_contract_id: ddContract, amount_pence: 45_00, payment_day: 26 }).returning('id');
  [{ id: cardSchedule }] = await k('payment_schedules').insert({ ...schedule, tenant_contract_id: cardContract, amount_pence: 30_00, payment_day: 23 }).returning('id');
  // The payer was told before November's collection: this amount needs no new notice.
  await k('advance_notices').insert({ group_id: 1, schedule_id: ddSchedule, amount_pence: 45_00, first_collection_date: '2026-11-26' });
});
afterAll(async () => {
  await boss.stop({ graceful: false, close: true });
  await db.drop();
});

const options = (today: string, extra: Partial<RunCollectionsOptions> = {}): RunCollectionsOptions => ({
  today,
  noticeWorkingDays: 10,
  settlement: ledgerSettlement,
  cards: sandboxCardCharges(),
  groupIds: [1],
  ...extra,
});

// This test's own schedules (the demo has collections of its own), by schedule and occurrence: card charges
// and Bacs items are made side by side, so ids follow no fixed order.
const ours = () => db.knex('collections').whereIn('schedule_id', [ddSchedule, cardSchedule]);
const collections = () => ours().orderBy(['schedule_id', 'occurrence_date']).select('schedule_id', db.knex.raw('occurrence_date::text'), db.knex.raw('collection_date::text'), 'status', 'channel', 'transaction_code', 'payment_id');

describe('daily collections run', () => {
  it('a run killed while writing the file leaves nothing behind', async () => {
    await expect(
      runCollections(db.knex, boss, options('2026-12-23', { beforeStoringFile: async () => Promise.reject(new Error('worker killed')) })),
    ).rejects.toThrow('worker killed');
    expect(await collections()).toEqual([]);
    expect(await db.knex('bacs_submissions').count({ n: '*' }).first()).toEqual({ n: 0 });
  });

  it('on Wednesday 23 December: the Direct Debit for Saturday 26th goes in one file to collect on Tuesday 29th; the card is charged today', async () => {
    const cards = sandboxCardCharges();
    const result = await runCollections(db.knex, boss, options('2026-12-23', { cards }));
    expect(result).toMatchObject({ created: 2, submitted: 1, files: 1, cardsSettled: 1, cardsFailed: 0, notices: 0 });
    expect(await collections()).toEqual([
      expect.objectContaining({ schedule_id: ddSchedule, occurrence_date: '2026-12-26', collection_date: '2026-12-29', status: 'SUBMITTED', channel: 'DIRECT_DEBIT', transaction_code: '01' }),
      expect.objectContaining({ schedule_id: cardSchedule, occurrence_date: '2026-12-23', collection_date: '2026-12-23', status: 'SETTLED', channel: 'CARD' }),
    ]);
    const [submission] = await db.knex('bacs_submissions').select('service_user_number', db.knex.raw('submission_date::text'), db.knex.raw('processing_date::text'), 'item_count', 'total_pence', 'file');
    expect(submission).toMatchObject({ service_user_number: '188760', submission_date: '2026-12-23', processing_date: '2026-12-24', item_count: 1, total_pence: 4500 });
    expect(submission.file).toContain('UHL1 26358'); // processing day Thursday 24 December
    expect(readDataRecords(submission.file).map((r) => [r.transactionCode, r.reference, r.amountPence])).toEqual([
      ['01', 'SHBTEST0001', 4500],
      ['99', 'CONTRA', 4500],
    ]);
    expect(cards.calls).toHaveLength(1);
    // Only the settled card payment posted its credit; the Direct Debit waits for its outcome.
    const ledger = await db.knex('ledger_entries').whereIn('payment_id', (await collections()).map((c: { payment_id: number }) => c.payment_id)).select('kind', 'amount_pence');
    expect(ledger).toEqual([{ kind: 'PAYMENT', amount_pence: -3000 }]);
  });

  it('run again the same day, and the next days over the holiday weekend: nothing new, no second file, no second charge', async () => {
    const cards = sandboxCardCharges();
    for (const day of ['2026-12-23', '2026-12-24', '2026-12-25', '2026-12-26', '2026-12-28']) {
      const result = await runCollections(db.knex, boss, options(day, { cards }));
      expect(result).toMatchObject({ created: 0, submitted: 0, files: 0, cardsSettled: 0 });
    }
    expect(cards.calls).toEqual([]);
    expect(await ours().count({ n: '*' }).first()).toEqual({ n: 2 });
    expect(await db.knex('payments').whereIn('id', ours().select('payment_id')).count({ n: '*' }).first()).toEqual({ n: 2 });
  });

  it('an amount change is noticed by e-mail and collected only after 10 working days', async () => {
    await db.knex('payment_schedules').where({ id: ddSchedule }).update({ amount_pence: 50_00 });
    // Friday 22 January 2027: the 26th's file would go in today, but the new amount needs 10 working days' notice first.
    const result = await runCollections(db.knex, boss, options('2027-01-22'));
    expect(result).toMatchObject({ notices: 1, created: 1, submitted: 0 });
    const notice = await db.knex('advance_notices').where({ schedule_id: ddSchedule, amount_pence: 50_00 }).first();
    expect(notice.first_collection_date).toBe('2027-02-05');
    const mail = await db.knex('outbox_messages').where({ id: notice.outbox_message_id }).first();
    expect(mail.text_body).toContain('We will collect £50.00 by Direct Debit on or soon after');
    const [pending] = await db.knex('collections').where({ schedule_id: ddSchedule, occurrence_date: '2027-01-26' }).select(db.knex.raw('collection_date::text'), 'status');
    expect(pending).toEqual({ collection_date: '2027-02-05', status: 'PENDING' });
    // It goes in on its submission day, Wednesday 3 February, as a regular collection (17).
    expect(await runCollections(db.knex, boss, options('2027-02-03'))).toMatchObject({ created: 0, submitted: 1 });
    const [sent] = await db.knex('collections').where({ schedule_id: ddSchedule, occurrence_date: '2027-01-26' }).select('status', 'transaction_code');
    expect(sent).toEqual({ status: 'SUBMITTED', transaction_code: '17' });
  });
});
