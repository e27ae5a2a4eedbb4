import { CatalogueList } from '../catalogue';
import { BatchUpdateButton } from './BatchUpdateButton';

/** The house contracts list: the catalogue's, with the batch update of the selected contracts. */
export function HouseContractList() {
  return <CatalogueList bulkActions={<BatchUpdateButton />} />;
}
