import type { GraphQLModule } from '../../graphql/graphql-module';
import { backoffice, type Access } from '../../auth/access';
import type { GraphQLContext } from '../../graphql/context';
import type { Resolver, ResolverMap } from '../../graphql/schema';
import { AccountingExport, SalesJournal } from '../../rules/catalogue/money';
import type { ExportFileRow } from '../exports/export-files';
import { toRecord } from '../records/record-mapping';
import { exportAccountingCsv, generateAccountingExport, importSageRejections, markExportedToSage, type AccountingExportRow } from './accounting-exports.service';
import { fileView } from './finance-files';
import { exportSalesJournal, generateSalesJournal, reverseSalesJournal, type FinanceJobCaller, type SalesJournalRow } from './sales-journals.service';

/*
 * Finance: sales journals of a period (generate, reverse, export as CSV or XLSX) and exports to Sage 50's
 * audit-trail CSV import (generate per source, export the CSV, confirm the import, upload Sage's rejections),
 * for the X-Group-ID group. Journals, exports and their rows are read through the catalogue (allSalesJournals,
 * allSalesJournalLines, allAccountingExports, allAccountingExportRows). Files are written by the `finance.export`
 * job: the mutation answers the record and its file PENDING; follow the file at GET /api/v2/exports/:id (status,
 * progress) and fetch it at its downloadPath, with the token, once DONE.
 */
export const financeTypeDefs = /* GraphQL */ `
  enum FinanceFileFormat {
    CSV
    XLSX
  }
  "A file written through the exports module, downloadable by its owner until it expires."
  type FinanceFile {
    id: ID!
    fileName: String!
    format: String!
    "PENDING, RUNNING, DONE, FAILED or EXPIRED"
    status: String!
    "0–100 while the job writes it"
    progress: Int!
    error: String
    rowCount: Int!
    bytes: Int!
    expiresAt: String!
    "Where to fetch the file (add the token as jwt) while it is DONE"
    downloadPath: String
  }
  type SalesJournalReversal {
    "The original journal, now REVERSED"
    reversed: SalesJournal!
    "The new journal of negated lines that reverses it"
    reversal: SalesJournal!
  }
  type SalesJournalFile {
    salesJournal: SalesJournal!
    file: FinanceFile!
  }
  type AccountingExportFile {
    accountingExport: AccountingExport!
    file: FinanceFile!
  }
  type SageRejectionsImport {
    accountingExport: AccountingExport!
    "Rows marked REJECTED"
    rejected: Int!
    "The uploads row (SAGE_IMPORT_INVALID_DATA) that keeps the file"
    uploadId: ID!
  }
  extend type Mutation {
    "Generates the sales journal of the period (YYYY-MM-DD, inclusive): one line per ISSUED tenant statement issued in it"
    generateSalesJournal(periodStart: String!, periodEnd: String!): SalesJournal!
    "Reverses a generated journal: a new journal of negated lines; the original becomes REVERSED (never deleted)"
    reverseSalesJournal(id: ID!): SalesJournalReversal!
    "Queues the journal's lines as a CSV or XLSX file (PENDING); the job writes it and marks the journal EXPORTED"
    exportSalesJournal(id: ID!, format: FinanceFileFormat!): SalesJournalFile!
    "Writes the source's rows of the period for Sage (MONTHLY, STATEMENT or ADDITIONAL_TRANSACTION): one export per aggregate type found"
    generateAccountingExport(source: String!, periodStart: String!, periodEnd: String!): [AccountingExport!]!
    "Queues the export's Sage audit-trail CSV (PENDING); the job writes it and marks the export EXPORTED"
    exportAccountingExport(id: ID!): AccountingExportFile!
    "Confirms Sage imported the file: EXPORTED_TO_SAGE"
    markExportedToSage(id: ID!): AccountingExport!
    "Marks the rows Sage rejected (a CSV with Reference and Reason columns) and keeps the file as an upload"
    importSageRejections(accountingExportId: ID!, csvText: String!, fileName: String): SageRejectionsImport!
  }
`;

const caller = ({ db, boss, user, groupId }: GraphQLContext): FinanceJobCaller => ({ db, boss, userId: user?.id ?? null, groupId });
const journal = (row: SalesJournalRow) => toRecord(SalesJournal, row as unknown as Record<string, unknown>);
const accounting = (row: AccountingExportRow) => toRecord(AccountingExport, row as unknown as Record<string, unknown>);
const file = (row: ExportFileRow) => fileView(row);

type PeriodArgs = { periodStart: string; periodEnd: string };
type IdArgs = { id: string };

export const financeResolvers: ResolverMap = {
  Mutation: {
    generateSalesJournal: (async (_parent, period, context) => journal(await generateSalesJournal(caller(context), period))) satisfies Resolver<PeriodArgs>,
    reverseSalesJournal: (async (_parent, { id }, context) => {
      const { reversed, reversal } = await reverseSalesJournal(caller(context), id);
      return { reversed: journal(reversed), reversal: journal(reversal) };
    }) satisfies Resolver<IdArgs>,
    exportSalesJournal: (async (_parent, { id, format }, context) => {
      const result = await exportSalesJournal(caller(context), id, format === 'XLSX' ? 'xlsx' : 'csv');
      return { salesJournal: journal(result.journal), file: file(result.file) };
    }) satisfies Resolver<IdArgs & { format: 'CSV' | 'XLSX' }>,
    generateAccountingExport: (async (_parent, { source, ...period }, context) =>
      (await generateAccountingExport(caller(context), source, period)).map(accounting)) satisfies Resolver<PeriodArgs & { source: string }>,
    exportAccountingExport: (async (_parent, { id }, context) => {
      const result = await exportAccountingCsv(caller(context), id);
      return { accountingExport: accounting(result.accountingExport), file: file(result.file) };
    }) satisfies Resolver<IdArgs>,
    markExportedToSage: (async (_parent, { id }, context) => accounting(await markExportedToSage(caller(context), id))) satisfies Resolver<IdArgs>,
    importSageRejections: (async (_parent, { accountingExportId, csvText, fileName }, context) => {
      const result = await importSageRejections(caller(context), accountingExportId, csvText, fileName ?? undefined);
      return { accountingExport: accounting(result.accountingExport), rejected: result.rejected, uploadId: result.uploadId };
    }) satisfies Resolver<{ accountingExportId: string; csvText: string; fileName?: string | null }>,
  },
};

/** Journals need salesJournals WRITE; accounting exports accounting WRITE. */
export const financeOperationAccess: Record<string, Access> = {
  'Mutation.generateSalesJournal': backoffice('salesJournals', 'WRITE'),
  'Mutation.reverseSalesJournal': backoffice('salesJournals', 'WRITE'),
  'Mutation.exportSalesJournal': backoffice('salesJournals', 'WRITE'),
  'Mutation.generateAccountingExport': backoffice('accounting', 'WRITE'),
  'Mutation.exportAccountingExport': backoffice('accounting', 'WRITE'),
  'Mutation.markExportedToSage': backoffice('accounting', 'WRITE'),
  'Mutation.importSageRejections': backoffice('accounting', 'WRITE'),
};

export const financeModule: GraphQLModule = { typeDefs: financeTypeDefs, resolvers: financeResolvers, access: financeOperationAccess };
