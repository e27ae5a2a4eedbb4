import { tokenPermissions } from '@app/api/client';
import { hasAreaLevel } from '@app/api/rules';
import { callGraphql as call } from '../../providers/graphql-action';

/*
 * The finance mutations (api/src/modules/finance/finance.graphql.ts), called outside the data provider like the
 * bill runs'. Files (a journal's CSV/XLSX, an export's Sage CSV) come back PENDING: the `finance.export` job
 * writes them and they are followed at GET /api/v2/exports/:id (finance-file.ts).
 */

/** A file the job writes; its id is followed at GET /api/v2/exports/:id. */
export interface FinanceFile {
  id: string;
  fileName: string;
  status: string;
}

export interface Period {
  periodStart: string;
  periodEnd: string;
}

const FILE = 'file { id fileName status }';

export async function generateSalesJournal(groupId: number, period: Period): Promise<{ id: string }> {
  const query = 'mutation ($periodStart: String!, $periodEnd: String!) { journal: generateSalesJournal(periodStart: $periodStart, periodEnd: $periodEnd) { id } }';
  return (await call<{ journal: { id: string } }>(query, { ...period }, groupId)).journal;
}

/** Reverses the journal; answers the id of the new journal of negated lines. */
export async function reverseSalesJournal(groupId: number, id: string | number): Promise<{ reversalId: string }> {
  const query = 'mutation ($id: ID!) { result: reverseSalesJournal(id: $id) { reversal { id } } }';
  return { reversalId: (await call<{ result: { reversal: { id: string } } }>(query, { id: String(id) }, groupId)).result.reversal.id };
}

export type JournalFormat = 'CSV' | 'XLSX';

export async function exportSalesJournal(groupId: number, id: string | number, format: JournalFormat): Promise<FinanceFile> {
  const query = `mutation ($id: ID!, $format: FinanceFileFormat!) { result: exportSalesJournal(id: $id, format: $format) { ${FILE} } }`;
  return (await call<{ result: { file: FinanceFile } }>(query, { id: String(id), format }, groupId)).result.file;
}

/** One export per aggregate type found in the period (none when there is nothing to post). */
export async function generateAccountingExport(groupId: number, input: Period & { source: string }): Promise<Array<{ id: string; aggregateType: string; companyCode: string }>> {
  const query =
    'mutation ($source: String!, $periodStart: String!, $periodEnd: String!) { exports: generateAccountingExport(source: $source, periodStart: $periodStart, periodEnd: $periodEnd) { id aggregateType companyCode } }';
  return (await call<{ exports: Array<{ id: string; aggregateType: string; companyCode: string }> }>(query, { ...input }, groupId)).exports;
}

export async function exportAccountingExport(groupId: number, id: string | number): Promise<FinanceFile> {
  const query = `mutation ($id: ID!) { result: exportAccountingExport(id: $id) { ${FILE} } }`;
  return (await call<{ result: { file: FinanceFile } }>(query, { id: String(id) }, groupId)).result.file;
}

export async function markExportedToSage(groupId: number, id: string | number): Promise<void> {
  await call('mutation ($id: ID!) { result: markExportedToSage(id: $id) { id } }', { id: String(id) }, groupId);
}

/** Sends Sage's rejected-rows CSV; answers how many rows were marked REJECTED. */
export async function importSageRejections(groupId: number, accountingExportId: string | number, csvText: string, fileName: string): Promise<number> {
  const query =
    'mutation ($accountingExportId: ID!, $csvText: String!, $fileName: String) { result: importSageRejections(accountingExportId: $accountingExportId, csvText: $csvText, fileName: $fileName) { rejected } }';
  return (await call<{ result: { rejected: number } }>(query, { accountingExportId: String(accountingExportId), csvText, fileName }, groupId)).result.rejected;
}

/** Journals need salesJournals WRITE, accounting exports accounting WRITE (the catalogue offers no create/edit, so not useCanAccess). */
export const canManageJournals = (): boolean => hasAreaLevel(tokenPermissions(), 'salesJournals', 'WRITE');
export const canManageAccounting = (): boolean => hasAreaLevel(tokenPermissions(), 'accounting', 'WRITE');
