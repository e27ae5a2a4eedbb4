import fs from 'node:fs';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { ACCOUNTING_EXPORT_SOURCES, ACCOUNTING_EXPORT_STATUSES, SALES_JOURNAL_EXPORT_STATUSES, SALES_JOURNAL_STATUSES, addDays, addMonths, fieldLabel, labelFor } from '@app/api/rules';
import { createTestDatabase, useProductInBrowser, type TestDatabase } from '@app/api/testing';
import { signInToBackOffice } from './sign-in-helpers';

/*
 * Finance from the back office: a sales journal generated for the month of the demo statements, exported as
 * CSV (progress, then the download), EXPORTED, as XLSX, then reversed (kept, REVERSED); an accounting export of those
 * statements taken to Sage (CSV, rejected rows uploaded, confirmed); read-only staff see none of the actions.
 */

let db: TestDatabase;
/** The calendar month in which the demo tenant statements were issued. */
let period: { periodStart: string; periodEnd: string };
let statementCount: number;
const running = useProductInBrowser(async () => {
  db = await createTestDatabase({ withDemoData: true });
  const statements: Array<{ issue_date: string }> = await db.knex('bills').where({ group_id: 1, kind: 'TENANT_STATEMENT', state: 'ISSUED' }).select(db.knex.raw("to_char(issue_date, 'YYYY-MM-DD') AS issue_date"));
  if (!statements.length) throw new Error('the demo data has no issued tenant statement');
  const periodStart = `${statements[0]!.issue_date.slice(0, 8)}01`;
  period = { periodStart, periodEnd: addDays(addMonths(periodStart, 1), -1) };
  statementCount = statements.filter((row) => row.issue_date.startsWith(periodStart.slice(0, 8))).length;
  return { databaseUrl: db.url };
});
afterAll(() => db?.drop());

async function newPage(): Promise<Page> {
  return (await running.browser().newContext({ locale: 'en-GB', timezoneId: 'Europe/London', acceptDownloads: true })).newPage();
}

/** The CSV a download saved, as lines (BOM and blank lines dropped). */
async function csvLines(download: { path(): Promise<string | null> }): Promise<string[]> {
  return fs
    .readFileSync((await download.path())!, 'utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((line) => line !== '');
}

it('generates a sales journal for a month, exports it as CSV and XLSX, then reverses it', async () => {
  const page = await newPage();
  await signInToBackOffice(page, running.product().baseUrl, 'staff@demo.test', '/admin/1/SalesJournal');

  await page.getByRole('button', { name: 'Generate journal' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate sales journal' });
  await dialog.getByLabel(/^From\b/).fill(period.periodStart);
  await dialog.getByLabel(/^To\b/).fill(period.periodEnd);
  await dialog.getByRole('button', { name: 'Generate' }).click();

  // The new journal's page opens, one line per statement of the month.
  await page.waitForURL(/\/admin\/1\/SalesJournal\/\d+\/show/);
  const journalId = Number(/SalesJournal\/(\d+)\/show/.exec(page.url())![1]);
  expect(await db.knex('sales_journal_lines').where({ sales_journal_id: journalId }).count({ n: '*' }).then(([row]) => Number(row?.n))).toBe(statementCount);
  await page.getByText(labelFor('NOT_EXPORTED', SALES_JOURNAL_EXPORT_STATUSES), { exact: true }).waitFor();

  // Export CSV: the job's progress shows, then the file downloads through the secure link.
  const downloading = page.waitForEvent('download', { timeout: 60000 });
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await page.getByText(/Exporting… \d+%/).waitFor();
  const download = await downloading;
  expect(download.url()).toMatch(/\/api\/v2\/exports\/[0-9a-f-]{36}\/download\?jwt=[^&]+$/);
  expect(download.suggestedFilename()).toBe(`sales-journal-${journalId}-${period.periodStart}-${period.periodEnd}.csv`);
  const [header, ...rows] = await csvLines(download);
  expect(header).toBe('Journal,Line,Period start,Period end,Bill,Account reference,Nominal code,Details,Net (£),VAT (£),Total (£)');
  expect(rows).toHaveLength(statementCount);

  // The journal now shows EXPORTED, without reloading the page.
  await page.getByText(labelFor('EXPORTED', SALES_JOURNAL_EXPORT_STATUSES), { exact: true }).waitFor();
  expect(await db.knex('sales_journals').where({ id: journalId }).first('export_status')).toEqual({ export_status: 'EXPORTED' });

  // Export XLSX: the same lines as a workbook under the same header, money as numbers.
  const downloadingWorkbook = page.waitForEvent('download', { timeout: 60000 });
  await page.getByRole('button', { name: 'Export XLSX' }).click();
  const workbookDownload = await downloadingWorkbook;
  expect(workbookDownload.suggestedFilename()).toBe(`sales-journal-${journalId}-${period.periodStart}-${period.periodEnd}.xlsx`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await workbookDownload.path())!);
  const sheet = workbook.worksheets[0]!;
  expect((sheet.getRow(1).values as unknown[]).slice(1).join(',')).toBe(header);
  expect(sheet.actualRowCount).toBe(statementCount + 1);
  expect(typeof sheet.getRow(2).getCell(11).value).toBe('number');

  // Reverse: asked first; the journal turns REVERSED and a reversal journal is posted.
  await page.getByRole('button', { name: 'Reverse' }).click();
  const confirm = page.getByRole('dialog', { name: 'Reverse sales journal' });
  await confirm.getByRole('button', { name: 'Reverse' }).click();
  await page.getByText(new RegExp(`^Sales journal #${journalId} reversed by journal #\\d+$`)).waitFor();
  await page.getByText(labelFor('REVERSED', SALES_JOURNAL_STATUSES), { exact: true }).waitFor();
  await page.getByTestId('reverse-journal').waitFor({ state: 'detached' });
  const journals = await db.knex('sales_journals').orderBy('id').select('id', 'status', 'reverses_journal_id');
  expect(journals).toEqual([
    { id: journalId, status: 'REVERSED', reverses_journal_id: null },
    { id: expect.any(Number), status: 'GENERATED', reverses_journal_id: journalId },
  ]);

  // Both stay listed: a reversed journal is never deleted.
  await page.goto(`${running.product().baseUrl}/admin/1/SalesJournal`);
  await page.locator('tbody tr').nth(1).waitFor();
  expect(await page.locator('tbody tr').count()).toBe(2);
  await page.locator('tbody tr td.column-status', { hasText: labelFor('REVERSED', SALES_JOURNAL_STATUSES) }).waitFor();
});

it('shows the server refusal under the period when a generated journal already covers it', async () => {
  const page = await newPage();
  await signInToBackOffice(page, running.product().baseUrl, 'staff@demo.test', '/admin/1/SalesJournal');
  // A month long before the demo data (a journal of no lines), then a period overlapping it.
  const generate = async (from: string, to: string) => {
    await page.getByRole('button', { name: 'Generate journal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Generate sales journal' });
    await dialog.getByLabel(/^From\b/).fill(from);
    await dialog.getByLabel(/^To\b/).fill(to);
    await dialog.getByRole('button', { name: 'Generate' }).click();
    return dialog;
  };
  await generate('2020-01-01', '2020-01-31');
  await page.waitForURL(/\/admin\/1\/SalesJournal\/\d+\/show/);
  await page.goto(`${running.product().baseUrl}/admin/1/SalesJournal`);
  const dialog = await generate('2020-01-15', '2020-02-15');
  // Under From, the field the server names; the dialog stays open and nothing is generated.
  const fromField = dialog.locator('.MuiFormControl-root', { has: page.getByLabel(/^From\b/) });
  await fromField.locator('.MuiFormHelperText-root.Mui-error', { hasText: /already covers part of this period: reverse it before generating another/ }).waitFor();
  expect(await db.knex('sales_journals').where('period_start', '<', '2021-01-01').count({ n: '*' }).then(([row]) => Number(row?.n))).toBe(1);
});

it('takes an accounting export of the statements to Sage: CSV, rejected rows, then confirmed', async () => {
  const page = await newPage();
  await signInToBackOffice(page, running.product().baseUrl, 'staff@demo.test', '/admin/1/AccountingExport');

  // A source the server cannot read yet is refused under the Source field.
  await page.getByRole('button', { name: 'New accounting export' }).click();
  const dialog = page.getByRole('dialog', { name: 'New accounting export' });
  await dialog.getByRole('combobox', { name: 'Source' }).click();
  await page.getByRole('option', { name: labelFor('ENERGY_BILL', ACCOUNTING_EXPORT_SOURCES) }).click();
  await dialog.getByLabel(/^From\b/).fill(period.periodStart);
  await dialog.getByLabel(/^To\b/).fill(period.periodEnd);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await dialog.getByText('Accounting exports of ENERGY_BILL are not available yet').waitFor();

  await dialog.getByRole('combobox', { name: 'Source' }).click();
  await page.getByRole('option', { name: labelFor('STATEMENT', ACCOUNTING_EXPORT_SOURCES) }).click();
  await dialog.getByRole('button', { name: 'Create' }).click();
  // The demo statements are all of one BILL house: one export, which opens.
  await page.waitForURL(/\/admin\/1\/AccountingExport\/\d+\/show/);
  const exportId = Number(/AccountingExport\/(\d+)\/show/.exec(page.url())![1]);
  const exportRows: Array<{ reference: string }> = await db.knex('accounting_export_rows').where({ accounting_export_id: exportId }).orderBy('id').select('reference');
  expect(exportRows.length).toBeGreaterThan(0);

  const downloading = page.waitForEvent('download', { timeout: 60000 });
  await page.getByRole('button', { name: 'Export Sage CSV' }).click();
  await page.getByText(/Exporting… \d+%/).waitFor();
  const [header, ...rows] = await csvLines(await downloading);
  expect(header).toBe('Type,Account Reference,Nominal A/C Ref,Department Code,Date,Reference,Details,Net Amount,Tax Code,Tax Amount');
  expect(rows).toHaveLength(exportRows.length);
  await page.getByText(labelFor('EXPORTED', ACCOUNTING_EXPORT_STATUSES), { exact: true }).waitFor();

  // Sage refused one statement's rows: the upload marks them for correction and says how many.
  const refused = exportRows[0]!.reference;
  const refusedCount = exportRows.filter((row) => row.reference === refused).length;
  await page.getByRole('button', { name: 'Upload rejected rows' }).click();
  const upload = page.getByRole('dialog', { name: 'Upload rejected rows' });
  await upload.getByLabel('Rejected rows CSV').setInputFiles({ name: 'rejected.csv', mimeType: 'text/csv', buffer: Buffer.from('Reference,Reason\r\nNOPE1,Unknown\r\n') });
  await upload.getByRole('button', { name: 'Upload' }).click();
  await upload.getByText('No row of this export has the reference NOPE1').waitFor();
  await upload.getByLabel('Rejected rows CSV').setInputFiles({ name: 'rejected.csv', mimeType: 'text/csv', buffer: Buffer.from(`Reference,Reason\r\n${refused},Account on hold\r\n`) });
  await upload.getByRole('button', { name: 'Upload' }).click();
  await page.getByText(`${refusedCount} ${refusedCount === 1 ? 'row' : 'rows'} marked for correction`).waitFor();
  expect(await db.knex('accounting_export_rows').where({ accounting_export_id: exportId, status: 'REJECTED' }).pluck('rejection_reason')).toEqual(Array(refusedCount).fill('Account on hold'));

  await page.getByRole('button', { name: 'Mark exported to Sage' }).click();
  await page.getByRole('dialog', { name: 'Mark exported to Sage' }).getByRole('button', { name: 'Mark exported' }).click();
  await page.getByText(labelFor('EXPORTED_TO_SAGE', ACCOUNTING_EXPORT_STATUSES), { exact: true }).waitFor();
  expect(await db.knex('accounting_exports').where({ id: exportId }).first('status')).toEqual({ status: 'EXPORTED_TO_SAGE' });
  // Once in Sage it is neither exported again nor confirmed twice.
  expect(await page.getByRole('button', { name: 'Export Sage CSV' }).count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Mark exported to Sage' }).count()).toBe(0);
});

it('shows read-only staff the finance records without any of the actions', async () => {
  const page = await newPage();
  const { baseUrl } = running.product();
  // Records on which a finance user would see every action: a generated journal, an export whose CSV is written.
  const month = { group_id: 1, period_start: '2019-01-01', period_end: '2019-01-31' };
  const [journal] = await db.knex('sales_journals').insert({ ...month, net_pence: 0, vat_pence: 0, total_pence: 0 }).returning('id');
  const [accounting] = await db.knex('accounting_exports').insert({ ...month, source: 'STATEMENT', aggregate_type: 'BILL', company_code: 'BILL', row_count: 0, status: 'EXPORTED' }).returning('id');

  await signInToBackOffice(page, baseUrl, 'readonly@demo.test', '/admin/1/SalesJournal');
  await page.locator('tbody tr').first().waitFor();
  expect(await page.getByRole('button', { name: 'Generate journal' }).count()).toBe(0);

  await page.goto(`${baseUrl}/admin/1/SalesJournal/${journal.id}/show`);
  await page.getByText(fieldLabel('exportStatus'), { exact: true }).first().waitFor();
  for (const name of ['Export CSV', 'Export XLSX', 'Reverse']) expect(await page.getByRole('button', { name }).count()).toBe(0);

  await page.goto(`${baseUrl}/admin/1/AccountingExport`);
  await page.locator('tbody tr').first().waitFor();
  expect(await page.getByRole('button', { name: 'New accounting export' }).count()).toBe(0);

  await page.goto(`${baseUrl}/admin/1/AccountingExport/${accounting.id}/show`);
  await page.getByText(fieldLabel('companyCode'), { exact: true }).first().waitFor();
  for (const name of ['Export Sage CSV', 'Mark exported to Sage', 'Upload rejected rows']) expect(await page.getByRole('button', { name }).count()).toBe(0);
});
