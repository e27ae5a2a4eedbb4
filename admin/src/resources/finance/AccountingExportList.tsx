import { CatalogueList } from '../catalogue/CatalogueList';
import { NewAccountingExportButton } from './NewAccountingExportButton';

/** The catalogue's accounting-export list, with "New accounting export" (shown on an empty list too). */
export function AccountingExportList() {
  return <CatalogueList actions={<NewAccountingExportButton />} />;
}
