import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startBoss, type PgBoss } from '../../jobs/boss';
import { createQueues } from '../../jobs/create-queues';
import { QUEUES } from '../../jobs/queues';
import { loadBacsCalendar } from '../../modules/payments/bacs/bank-holidays';
import { runBureauDay } from '../../modules/payments/collections/apply-bacs-reports.service';
import { ledgerSettlement } from '../../modules/payments/collections/ledger-ports';
import { sandboxCardCharges } from '../../modules/payments/collections/sandbox-card-charges';
import { runCollections } from '../../modules/payments/collections/run-collections.service';
import { createTestDatabase, type TestDatabase } from '../../testing';
import { readDataRecords } from '../../modules/payments/bacs/standard18';
import { SandboxBacsBureau } from './sandbox-bureau';

/*
 * A Direct Debit payer's three schedules go through the sandbox bureau on the working-day clock over Christmas
 * 2026: £45.00 is collected, £45.01 comes back on the ARUDD (insufficient funds), is presented once more (code
 * 18, the payer told) and comes back again, and £45.04 is settled, then claimed back by an indemnity claim
 * (DDICA) six weeks later. Only settled money stays credited.
 */

let db: TestDatabase;
let boss: PgBoss;
let folder: string;
let contract: number;

beforeAll(async () => {
  db = await createTestDatabase({ withDemoData: true });
  boss = await startBoss(db.url, 'sender');
  await createQueues(boss, [QUEUES['outbox.deliver']]);
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'bacs-sandbox-'));
  const k = db.knex;
  await k('payment_schedules').update({ status: 'CANCELLED' });
  await k('direct_debit_mandates').update({ status: 'INACTIVE' });
  [{ id: contract }] = await k('tenant_contracts').where({ group_id: 1 }).orderBy('id').limit(1).select('id');
  await k('tenant_contracts').where({ id: contract }).update({ payment_method: 'DIRECT_DEBIT' });
  await k('direct_debit_mandates').insert({ group_id: 1, tenant_contract_id: contract, reference: 'SHBSANDBOX01', account_name: 'Test Payer', sort_code: '089999', account_number: '66374958', account_number_ending: '4958', status: 'ACTIVE', direct_debit_status: 'ARRANGED', service_user_number: '188760' });
  for (const amount of [45_00, 45_01, 45_04]) {
    const [{ id }] = await k('payment_schedules').insert({ group_id: 1, tenant_contract_id: contract, kind: 'REGULAR_PAYMENT', schedule_type: 'MONTHLY', start_date: '2026-11-01', status: 'ACTIVE', amount_pence: amount, payment_day: 26 }).returning('id');
    await k('advance_notices').insert({ group_id: 1, schedule_id: id, amount_pence: amount, first_collection_date: '2026-11-26' });
  }
});
afterAll(async () => {
  await boss.stop({ graceful: false, close: true });
  await db.drop();
  await fs.rm(folder, { recursive: true, force: true });
});

const statuses = async () =>
  (await db.knex('collections').where({ tenant_contract_id: contract }).orderBy(['amount_pence', 'attempt']).select('amount_pence', 'attempt', 'status', 'failure_code')).map((c) => `${c.amount_pence}#${c.attempt} ${c.status} ${c.failure_code ?? ''}`.trim());
// By kind and amount: the day's debits settle side by side, so ids follow no fixed order.
const ledger = () => db.knex('ledger_entries').whereIn('payment_id', db.knex('collections').select('payment_id')).orderBy([{ column: 'kind' }, { column: 'amount_pence', order: 'desc' }]).select('kind', 'amount_pence');

it('submits, returns, settles and reclaims on the working-day clock, each day safe to run twice', async () => {
  const calendar = await loadBacsCalendar(db.knex);
  const bureau = new SandboxBacsBureau(folder, calendar);
  const day = (today: string) => runBureauDay(db.knex, { bureau, calendar, settlement: ledgerSettlement, boss, today });

  await runCollections(db.knex, boss, { today: '2026-12-23', noticeWorkingDays: 10, settlement: ledgerSettlement, cards: sandboxCardCharges(), groupIds: [1] });
  expect(await day('2026-12-23')).toMatchObject({ filesSent: 1, advicesApplied: 0, settled: 0 });
  expect(await fs.readdir(path.join(folder, 'submissions'))).toEqual(['2026-12-23_188760_COLLECTIONS.txt']);

  // Collected Tuesday 29th; the ARUDD comes two working days later, on Thursday 31st. Nothing settles before.
  expect(await day('2026-12-30')).toMatchObject({ filesSent: 0, advicesApplied: 0, settled: 0 });
  expect(await day('2026-12-31')).toMatchObject({ reportsRead: 1, advicesApplied: 1, failed: 1, represented: 1, settled: 2 });
  expect(await statuses()).toEqual(['4500#1 SETTLED', '4501#1 FAILED ARUDD-0', '4501#2 PENDING', '4504#1 SETTLED']);
  expect(await day('2026-12-31')).toMatchObject({ reportsRead: 0, advicesApplied: 0, failed: 0, settled: 0 });
  // Every debit of the 23rd's file has its outcome: the file is REPORTED.
  expect(await db.knex('bacs_submissions').where({ submission_date: '2026-12-23' }).pluck('status')).toEqual(['REPORTED']);
  // The payer is told when it goes again: five working days on, past New Year's Day (Friday 8 January).
  const notice = await db.knex('outbox_messages').where({ subject: 'Your Direct Debit was returned: we will try again' }).first('text_body');
  expect(notice?.text_body).toContain('£45.01');
  expect(notice?.text_body).toContain('8 January 2027');

  // Wednesday 6th's file carries it as a re-presentation (code 18); it comes back once more and stays failed.
  expect(await runCollections(db.knex, boss, { today: '2027-01-06', noticeWorkingDays: 10, settlement: ledgerSettlement, cards: sandboxCardCharges(), groupIds: [1] })).toMatchObject({ submitted: 1 });
  const file: { file: string } = await db.knex('bacs_submissions').where({ submission_date: '2027-01-06', kind: 'COLLECTIONS' }).first('file');
  expect(readDataRecords(file.file).map((r) => [r.transactionCode, r.amountPence])).toEqual([['18', 4501], ['99', 4501]]);
  expect(await day('2027-01-06')).toMatchObject({ filesSent: 1 });
  expect(await day('2027-01-12')).toMatchObject({ failed: 1, represented: 0 });
  expect(await statuses()).toEqual(['4500#1 SETTLED', '4501#1 FAILED ARUDD-0', '4501#2 FAILED ARUDD-0', '4504#1 SETTLED']);

  // Six weeks after the 29th (Tuesday 9 February 2027) the payer's bank claims £45.04 back.
  expect(await day('2027-02-08')).toMatchObject({ reversed: 0 });
  expect(await day('2027-02-09')).toMatchObject({ reversed: 1 });
  expect(await day('2027-02-10')).toMatchObject({ reversed: 0, failed: 0 });
  expect(await statuses()).toEqual(['4500#1 SETTLED', '4501#1 FAILED ARUDD-0', '4501#2 FAILED ARUDD-0', '4504#1 FAILED DDICA-2']);
  expect(await ledger()).toEqual([
    { kind: 'PAYMENT', amount_pence: -4500 },
    { kind: 'PAYMENT', amount_pence: -4504 },
    { kind: 'PAYMENT_FAILED', amount_pence: 4504 },
  ]);
  // Code 2 (no advance notice) keeps the mandate; staff review it.
  expect(await db.knex('direct_debit_mandates').where({ reference: 'SHBSANDBOX01' }).first('status')).toEqual({ status: 'ACTIVE' });
});
