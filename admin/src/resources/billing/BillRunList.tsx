import { CatalogueList } from '../catalogue/CatalogueList';
import { StartBillRunButton } from './StartBillRunButton';

/** The catalogue's bill-run list, with "Start bill run"; it refreshes while runs move. */
export function BillRunList() {
  return <CatalogueList actions={<StartBillRunButton />} refreshEveryMs={5000} />;
}
