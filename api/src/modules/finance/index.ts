/** Finance: sales journals and exports to Sage 50 (audit-trail CSV import). */
export { generateSalesJournal, reverseSalesJournal, exportSalesJournal, type FinanceCaller, type FinanceJobCaller, type SalesJournalRow } from './sales-journals.service';
export { runFinanceExport, type FinanceExportJob } from './run-finance-export';
export { generateAccountingExport, exportAccountingCsv, markExportedToSage, importSageRejections, SAGE_AUDIT_TRAIL_COLUMNS, type AccountingExportRow } from './accounting-exports.service';
export { FinanceCodes, accountReference, splitGross, TAX_CODE_BY_VAT_BP } from './finance-codes';
export { financeTypeDefs, financeResolvers, financeOperationAccess } from './finance.graphql';
