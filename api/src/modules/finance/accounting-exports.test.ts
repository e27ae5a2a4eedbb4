import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PgBoss } from '../../jobs/boss';
import { createTestDatabase, type TestDatabase } from '../../testing';
import { exportFilePath } from '../exports';
import { exportAccountingCsv, generateAccountingExport, importSageRejections, markExportedToSage, type AccountingExportRow } from './accounting-exports.service';
import { uploadsDir } from '../files/local-file-storage';
import { buildFinanceData, FINANCE_GROUP, IDS, MARCH } from './finance-test-data';
import { runQueuedFinanceExport, startFinanceBoss } from './finance-test-jobs';
import type { FinanceJobCaller } from './sales-journals.service';

/*
 * Exports to Sage 50's audit-trail CSV import over the fixed March 2026 data set: the CSV matches the golden
 * files byte for byte; statuses move NOT_EXPORTED → EXPORTED → EXPORTED_TO_SAGE; rows Sage rejected are marked
 * with the reason and the file is kept as an upload.
 */

let db: TestDatabase;
let caller: FinanceJobCaller;
let boss: PgBoss;
let tmp: string;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'finance-accounting-'));
  process.env.EXPORTS_DIR = path.join(tmp, 'exports');
  process.env.UPLOADS_DIR = path.join(tmp, 'uploads');
  db = await createTestDatabase();
  await buildFinanceData(db.knex);
  boss = await startFinanceBoss(db.url);
  caller = { db: db.knex, boss, userId: IDS.staff, groupId: FINANCE_GROUP };
});
afterAll(async () => {
  await boss.stop({ graceful: false, close: true });
  await db.drop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const golden = (name: string) => fs.readFileSync(path.join(__dirname, 'golden', name));
const byAggregate = (exports: AccountingExportRow[], aggregate: string) => exports.find((row) => row.aggregate_type === aggregate)!;
const fileOf = (storagePath: string) => fs.readFileSync(exportFilePath(storagePath));

/** Asks for the export's CSV and runs the finance.export job it queued, as the worker would. */
async function exportNow(id: number | string) {
  const requested = await exportAccountingCsv(caller, id);
  const { file, outcome } = await runQueuedFinanceExport(boss, db.knex, requested.file.id);
  const accountingExport = (await db.knex('accounting_exports').where({ id: requested.accountingExport.id }).first()) as AccountingExportRow;
  return { requested, file, outcome, accountingExport };
}

it('writes the statements of the period as Sage audit-trail CSV, one export per aggregate type, matching the golden file', async () => {
  const exports = await generateAccountingExport(caller, 'STATEMENT', MARCH);
  expect(exports.map((row) => [row.aggregate_type, row.company_code, row.status, row.row_count])).toEqual([
    ['PLAN', 'PLAN', 'NOT_EXPORTED', 1],
    ['BILL', 'BILL', 'NOT_EXPORTED', 6],
  ]);
  const bill = byAggregate(exports, 'BILL');
  // The mutation queues the file; the export stays NOT_EXPORTED until the job has written it.
  const { requested, accountingExport, file } = await exportNow(bill.id);
  expect(requested.accountingExport).toMatchObject({ status: 'NOT_EXPORTED', export_file_id: requested.file.id });
  expect(requested.file).toMatchObject({ status: 'PENDING', resource: 'AccountingExport', format: 'csv' });
  expect(accountingExport).toMatchObject({ status: 'EXPORTED', export_file_id: file.id });
  // The statement issued on 2 March and voided on 3 March: its invoice (SI) and the credit (SC) that undoes it.
  expect(file).toMatchObject({ status: 'DONE', resource: 'AccountingExport', format: 'csv', row_count: 6 });
  expect(fileOf(file.storage_path).toString('utf8')).toBe(golden('sage-statement-bill.csv').toString('utf8'));
  expect(fileOf(file.storage_path).equals(golden('sage-statement-bill.csv'))).toBe(true);

  // The PLAN export: the final statement's credit is a sales credit (SC) with positive amounts.
  const plan = await exportNow(byAggregate(exports, 'PLAN').id);
  expect(fileOf(plan.file.storage_path).toString('utf8').split('\r\n')[1]).toBe(`SC,TC990201,4020,1,15/03/2026,ST${IDS.finalStatement},Final statement ${IDS.finalStatement} electric,20.00,T5,1.00`);

  // A second export of the same source over an overlapping period is refused.
  await expect(generateAccountingExport(caller, 'STATEMENT', { periodStart: '2026-03-31', periodEnd: '2026-04-30' })).rejects.toMatchObject({ code: 'CONFLICT' });
});

it('writes plan instalments (SI) and their receipts (SR) for MONTHLY, matching the golden file', async () => {
  const exports = await generateAccountingExport(caller, 'MONTHLY', MARCH);
  expect(exports.map((row) => [row.aggregate_type, row.row_count])).toEqual([['PLAN', 2]]);
  const { file } = await exportNow(exports[0]!.id);
  expect(fileOf(file.storage_path).equals(golden('sage-monthly-plan.csv'))).toBe(true);
});

it('writes additional debits as SI and credits as SC, quoting details that need it', async () => {
  const exports = await generateAccountingExport(caller, 'ADDITIONAL_TRANSACTION', MARCH);
  const bill = await exportNow(byAggregate(exports, 'BILL').id);
  const plan = await exportNow(byAggregate(exports, 'PLAN').id);
  expect(fileOf(bill.file.storage_path).toString('utf8').split('\r\n')[1]).toBe(`SI,TC990101,4900,2,10/03/2026,AT${IDS.lateFee},Late payment fee,25.00,T9,0.00`);
  expect(fileOf(plan.file.storage_path).toString('utf8').split('\r\n')[1]).toBe(`SC,TC990201,4900,1,20/03/2026,AT${IDS.goodwill},"Goodwill credit, boiler ""outage""",10.00,T9,0.00`);
  await expect(generateAccountingExport(caller, 'ENERGY_BILL', MARCH)).rejects.toMatchObject({ code: 'BAD_USER_INPUT', message: 'source: Accounting exports of ENERGY_BILL are not available yet' });
});

it('marks the rows Sage rejected with the reason, keeps the file as an upload, and leaves them out of the next file', async () => {
  const [bill] = (await db.knex('accounting_exports').where({ source: 'STATEMENT', aggregate_type: 'BILL' })) as AccountingExportRow[];
  const rejections = 'Reference,Reason\r\nST990503,"Tax code T1 not allowed on account TC990102"\r\n';

  // A reference the export does not have refuses the whole file.
  await expect(importSageRejections(caller, bill!.id, 'Reference,Reason\r\nST990503,x\r\nST1,y\r\n')).rejects.toMatchObject({ code: 'BAD_USER_INPUT', message: 'csvText: No row of this export has the reference ST1' });
  await expect(importSageRejections(caller, bill!.id, 'Ref;Why\r\n')).rejects.toMatchObject({ code: 'BAD_USER_INPUT' });
  expect(await db.knex('accounting_export_rows').where({ status: 'REJECTED' }).count({ n: '*' })).toEqual([{ n: 0 }]);

  const result = await importSageRejections(caller, bill!.id, rejections, 'sage-errors.csv');
  expect(result.rejected).toBe(2);
  const rows = await db.knex('accounting_export_rows').where({ accounting_export_id: bill!.id }).orderBy('id').select('reference', 'status', 'rejection_reason');
  expect(rows).toEqual([
    { reference: 'ST990505', status: 'PENDING', rejection_reason: null },
    { reference: 'ST990505', status: 'PENDING', rejection_reason: null },
    { reference: 'ST990502', status: 'PENDING', rejection_reason: null },
    { reference: 'ST990502', status: 'PENDING', rejection_reason: null },
    { reference: 'ST990503', status: 'REJECTED', rejection_reason: 'Tax code T1 not allowed on account TC990102' },
    { reference: 'ST990503', status: 'REJECTED', rejection_reason: 'Tax code T1 not allowed on account TC990102' },
  ]);
  const upload = await db.knex('uploads').where({ id: result.uploadId }).first();
  expect(upload).toMatchObject({ group_id: FINANCE_GROUP, resource_type: 'SAGE_IMPORT_INVALID_DATA', file_name: 'sage-errors.csv', content_type: 'text/csv', uploaded_by_user_id: IDS.staff });
  expect(fs.readFileSync(path.join(uploadsDir(), upload.storage_key), 'utf8')).toBe(rejections);
  expect(await db.knex('audit_log').where({ entity: 'accounting_export_rows' }).count({ n: '*' })).toEqual([{ n: 2 }]);

  // The next file leaves the rejected rows out; confirming the import marks the others EXPORTED.
  const again = await exportNow(bill!.id);
  expect(fileOf(again.file.storage_path).toString('utf8').split('\r\n')).toHaveLength(6);
  const done = await markExportedToSage(caller, bill!.id);
  expect(done.status).toBe('EXPORTED_TO_SAGE');
  expect(await db.knex('accounting_export_rows').where({ accounting_export_id: bill!.id }).orderBy('id').pluck('status')).toEqual(['EXPORTED', 'EXPORTED', 'EXPORTED', 'EXPORTED', 'REJECTED', 'REJECTED']);
  await expect(markExportedToSage(caller, bill!.id)).rejects.toMatchObject({ code: 'CONFLICT' });
  await expect(exportAccountingCsv(caller, bill!.id)).rejects.toMatchObject({ code: 'CONFLICT' });
  const history = await db.knex('audit_log').where({ entity: 'accounting_exports', entity_id: String(bill!.id) }).orderBy('id').select('action', 'after');
  expect(history.map((entry) => [entry.action, entry.after.status])).toEqual([
    ['INSERT', 'NOT_EXPORTED'],
    ['UPDATE', 'NOT_EXPORTED'], // the file asked for
    ['UPDATE', 'EXPORTED'], // written by the job
    ['UPDATE', 'EXPORTED'], // the second file asked for (already EXPORTED: the job changes nothing more)
    ['UPDATE', 'EXPORTED_TO_SAGE'],
  ]);
});

it('refuses to confirm an export that was never written', async () => {
  const [fresh] = await generateAccountingExport(caller, 'MONTHLY', { periodStart: '2026-04-01', periodEnd: '2026-04-30' });
  expect(fresh).toBeUndefined();
  const [notExported] = (await db.knex('accounting_exports').where({ source: 'ADDITIONAL_TRANSACTION', aggregate_type: 'BILL' })) as AccountingExportRow[];
  expect(notExported!.status).toBe('EXPORTED');
  const [planMonthly] = await generateAccountingExport(caller, 'STATEMENT', { periodStart: '2026-04-01', periodEnd: '2026-04-30' });
  expect(planMonthly!.status).toBe('NOT_EXPORTED');
  await expect(markExportedToSage(caller, planMonthly!.id)).rejects.toMatchObject({ code: 'CONFLICT', message: `Accounting export #${planMonthly!.id} has not been exported yet: export its CSV first` });
});
