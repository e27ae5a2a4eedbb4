import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { PgBoss } from '../../jobs/boss';
import { createTestDatabase, type TestDatabase } from '../../testing';
import { exportFilePath } from '../exports';
import { buildFinanceData, FINANCE_GROUP, IDS, MARCH } from './finance-test-data';
import { runQueuedFinanceExport, startFinanceBoss } from './finance-test-jobs';
import { exportSalesJournal, generateSalesJournal, reverseSalesJournal, type FinanceJobCaller } from './sales-journals.service';

/*
 * Sales journals over a fixed March 2026: one line per tenant statement issued in the period (a credit line per
 * one voided in it), never edited,
 * reversed by a journal of negated lines, exported as CSV and XLSX; every row and every change kept.
 */

let db: TestDatabase;
let caller: FinanceJobCaller;
let boss: PgBoss;
let exportsDir: string;

beforeAll(async () => {
  exportsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'finance-journals-'));
  process.env.EXPORTS_DIR = exportsDir;
  db = await createTestDatabase();
  await buildFinanceData(db.knex);
  boss = await startFinanceBoss(db.url);
  caller = { db: db.knex, boss, userId: IDS.staff, groupId: FINANCE_GROUP };
});
afterAll(async () => {
  await boss.stop({ graceful: false, close: true });
  await db.drop();
  fs.rmSync(exportsDir, { recursive: true, force: true });
});

const linesOf = (journalId: number) => db.knex('sales_journal_lines').where({ sales_journal_id: journalId }).orderBy('id');
const auditOf = (journalId: number) => db.knex('audit_log').where({ entity: 'sales_journals', entity_id: String(journalId) }).orderBy('id');

it('generates, refuses an overlap, reverses and exports a journal, keeping every row and its history', async () => {
  const journal = await generateSalesJournal(caller, MARCH);
  expect(journal).toMatchObject({ status: 'GENERATED', export_status: 'NOT_EXPORTED', period_start: '2026-03-01', period_end: '2026-03-31', reverses_journal_id: null });
  // By date: the statement issued on 2 March and its void on 3 March (a credit: the two net to nothing), the
  // final statement (15 March), then the two tenant statements; no house or April statement.
  const lines = await linesOf(journal.id);
  expect(lines.map((line) => [Number(line.bill_id), line.account_reference, line.nominal_code, line.net_pence, line.vat_pence])).toEqual([
    [IDS.voidStatement, 'TC990101', '4011', 999, 50],
    [IDS.voidStatement, 'TC990101', '4011', -999, -50],
    [IDS.finalStatement, 'TC990201', '4020', -2000, -100],
    [IDS.statementA, 'TC990101', '4010', 6000, 300],
    [IDS.statementB, 'TC990102', '4010', 4000, 350],
  ]);
  expect(lines.slice(0, 2).map((line) => line.details)).toEqual([`Statement ${IDS.voidStatement} issued 2026-03-02`, `Statement ${IDS.voidStatement} voided 2026-03-03`]);
  expect({ net: journal.net_pence, vat: journal.vat_pence, total: journal.total_pence }).toEqual({ net: 8000, vat: 550, total: 8550 });

  // A second journal over any part of the period is refused, with the journal it overlaps named.
  await expect(generateSalesJournal(caller, { periodStart: '2026-03-15', periodEnd: '2026-04-15' })).rejects.toMatchObject({
    code: 'CONFLICT',
    message: `A generated sales journal (#${journal.id}, 2026-03-01 to 2026-03-31) already covers part of this period: reverse it before generating another`,
  });
  // The database refuses an edit or a delete of a generated journal and of its lines.
  await expect(db.knex('sales_journals').where({ id: journal.id }).update({ net_pence: 1 })).rejects.toThrow(/never edited/);
  await expect(db.knex('sales_journals').where({ id: journal.id }).delete()).rejects.toThrow(/never deleted/);
  await expect(db.knex('sales_journal_lines').where({ sales_journal_id: journal.id }).delete()).rejects.toThrow(/never updated or deleted/);

  const { reversed, reversal } = await reverseSalesJournal(caller, String(journal.id));
  expect(reversed).toMatchObject({ id: journal.id, status: 'REVERSED', net_pence: 8000 });
  expect(reversed.reversed_at).toBeInstanceOf(Date);
  expect(reversal).toMatchObject({ status: 'GENERATED', reverses_journal_id: journal.id, net_pence: -8000, vat_pence: -550, total_pence: -8550 });
  // The original keeps its lines; the reversal has each one negated, for the same bills and codes.
  expect(await linesOf(journal.id)).toEqual(lines);
  const negated = await linesOf(reversal.id);
  expect(negated.map((line) => [Number(line.bill_id), line.account_reference, line.nominal_code, line.net_pence, line.vat_pence])).toEqual(
    lines.map((line) => [Number(line.bill_id), line.account_reference, line.nominal_code, -line.net_pence, -line.vat_pence]),
  );
  await expect(reverseSalesJournal(caller, journal.id)).rejects.toMatchObject({ code: 'CONFLICT', message: `Sales journal #${journal.id} is already reversed` });
  await expect(reverseSalesJournal(caller, reversal.id)).rejects.toMatchObject({ code: 'CONFLICT' });

  // Exported as CSV by the finance.export job: the mutation answers the file PENDING and the journal not yet
  // exported; the job writes a header and one line per journal line, money in pounds, and marks it EXPORTED.
  const requested = await exportSalesJournal(caller, journal.id, 'csv');
  expect(requested.journal).toMatchObject({ id: journal.id, status: 'REVERSED', export_status: 'NOT_EXPORTED', export_file_id: requested.file.id });
  expect(requested.file).toMatchObject({ status: 'PENDING', format: 'csv', resource: 'SalesJournal', file_name: `sales-journal-${journal.id}-2026-03-01-2026-03-31.csv` });
  expect(fs.existsSync(exportFilePath(requested.file.storage_path))).toBe(false);
  const csv = await runQueuedFinanceExport(boss, db.knex, requested.file.id);
  expect(csv.outcome).toMatchObject({ status: 'DONE', rows: 5, recordStatus: 'EXPORTED', progress: 100 });
  expect(csv.progress.map((step) => step.progress)).toEqual([0, 100]);
  expect(csv.file).toMatchObject({ status: 'DONE', row_count: 5, total_rows: 5 });
  expect(await db.knex('sales_journals').where({ id: journal.id }).first()).toMatchObject({ export_status: 'EXPORTED', export_file_id: csv.file.id });
  // A second delivery of the job changes nothing.
  expect((await runQueuedFinanceExport(boss, db.knex, requested.file.id)).outcome).toMatchObject({ status: 'DONE', rows: 5, recordStatus: 'EXPORTED' });
  const text = fs.readFileSync(exportFilePath(csv.file.storage_path), 'utf8');
  expect(text.split('\r\n')).toEqual([
    'Journal,Line,Period start,Period end,Bill,Account reference,Nominal code,Details,Net (£),VAT (£),Total (£)',
    `${journal.id},${lines[0]!.id},2026-03-01,2026-03-31,${IDS.voidStatement},TC990101,4011,Statement ${IDS.voidStatement} issued 2026-03-02,9.99,0.50,10.49`,
    `${journal.id},${lines[1]!.id},2026-03-01,2026-03-31,${IDS.voidStatement},TC990101,4011,Statement ${IDS.voidStatement} voided 2026-03-03,-9.99,-0.50,-10.49`,
    `${journal.id},${lines[2]!.id},2026-03-01,2026-03-31,${IDS.finalStatement},TC990201,4020,Final statement ${IDS.finalStatement} issued 2026-03-15,-20.00,-1.00,-21.00`,
    `${journal.id},${lines[3]!.id},2026-03-01,2026-03-31,${IDS.statementA},TC990101,4010,Statement ${IDS.statementA} issued 2026-03-31,60.00,3.00,63.00`,
    `${journal.id},${lines[4]!.id},2026-03-01,2026-03-31,${IDS.statementB},TC990102,4010,Statement ${IDS.statementB} issued 2026-03-31,40.00,3.50,43.50`,
    '',
  ]);

  // The reversal as XLSX: money as numbers in pounds.
  const xlsx = await runQueuedFinanceExport(boss, db.knex, (await exportSalesJournal(caller, reversal.id, 'xlsx')).file.id);
  expect(xlsx.outcome.recordStatus).toBe('EXPORTED');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(exportFilePath(xlsx.file.storage_path));
  const sheet = workbook.worksheets[0]!;
  expect(sheet.rowCount).toBe(6);
  expect(sheet.getRow(4).getCell(9).value).toBe(20);
  expect(sheet.getRow(5).getCell(11).value).toBe(-63);

  // History: generated, reversed (before GENERATED, after REVERSED), export asked (its file), exported by the job
  // in the name of the user who asked; the reversal's own insert, export request and export.
  const audit = await auditOf(journal.id);
  expect(audit.map((entry) => [entry.action, entry.before?.status ?? null, entry.after?.status, entry.after?.export_status, entry.actor_user_id])).toEqual([
    ['INSERT', null, 'GENERATED', 'NOT_EXPORTED', IDS.staff],
    ['UPDATE', 'GENERATED', 'REVERSED', 'NOT_EXPORTED', IDS.staff],
    ['UPDATE', 'REVERSED', 'REVERSED', 'NOT_EXPORTED', IDS.staff],
    ['UPDATE', 'REVERSED', 'REVERSED', 'EXPORTED', IDS.staff],
  ]);
  expect(audit[2]!.after).toMatchObject({ export_file_id: csv.file.id, export_format: 'csv' });
  expect((await auditOf(reversal.id)).map((entry) => entry.action)).toEqual(['INSERT', 'UPDATE', 'UPDATE']);

  // The period is free again once reversed: a new journal is generated; all three journals remain.
  const again = await generateSalesJournal(caller, MARCH);
  expect(again).toMatchObject({ status: 'GENERATED', net_pence: 8000 });
  expect(await db.knex('sales_journals').where({ group_id: FINANCE_GROUP }).orderBy('id').pluck('status')).toEqual(['REVERSED', 'GENERATED', 'GENERATED']);
  expect(Number((await db.knex('sales_journal_lines').count({ n: '*' }))[0]!.n)).toBe(15);
});

it('refuses a period that ends before it starts and an unknown journal', async () => {
  await expect(generateSalesJournal(caller, { periodStart: '2026-05-31', periodEnd: '2026-05-01' })).rejects.toMatchObject({ code: 'BAD_USER_INPUT', details: { fields: [{ field: 'periodEnd' }] } });
  await expect(generateSalesJournal({ ...caller, groupId: null }, MARCH)).rejects.toMatchObject({ code: 'BAD_USER_INPUT', details: { fields: [{ field: 'X-Group-ID' }] } });
  await expect(reverseSalesJournal(caller, '999999')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  await expect(exportSalesJournal({ ...caller, groupId: 2 }, '1', 'csv')).rejects.toMatchObject({ code: 'NOT_FOUND' });
});

it('credits a statement voided after its period was journaled in the journal of the period it was voided in', async () => {
  // Statement A (issued 31 March, in the March journals above) is voided on 10 April (London).
  await db.knex('bills').where({ id: IDS.statementA }).update({ state: 'VOID', voided_at: '2026-04-10T09:00:00Z', void_reason: 'Meter read corrected' });
  const april = await generateSalesJournal(caller, { periodStart: '2026-04-01', periodEnd: '2026-04-30' });
  const credits = (await linesOf(april.id)).filter((line) => Number(line.bill_id) === IDS.statementA);
  expect(credits.map((line) => [line.net_pence, line.vat_pence, line.details])).toEqual([[-6000, -300, `Statement ${IDS.statementA} voided 2026-04-10`]]);
  // The March journal generated before the void still shows the statement as issued: journals never change.
  const march = await db.knex('sales_journals').where({ group_id: FINANCE_GROUP, status: 'GENERATED', period_start: '2026-03-01' }).whereNull('reverses_journal_id').first('id');
  expect((await linesOf(march.id)).filter((line) => Number(line.bill_id) === IDS.statementA).map((line) => line.net_pence)).toEqual([6000]);
});
