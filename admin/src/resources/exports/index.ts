/** List exports from the back office (specification §7): the Export menu and the REST calls behind it. */
export { CatalogueListActions } from './CatalogueListActions';
export { ExportMenuButton } from './ExportMenuButton';
export * from './export-api';
export { useExportJob } from './useExportJob';
