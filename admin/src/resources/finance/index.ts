/** Finance screens beyond the catalogue's: sales journals (generate, reverse, export) and Sage accounting exports. */
export { SalesJournalList } from './SalesJournalList';
export { SalesJournalShow } from './SalesJournalShow';
export { AccountingExportList } from './AccountingExportList';
export { AccountingExportShow } from './AccountingExportShow';
