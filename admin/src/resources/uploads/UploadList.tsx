import { CatalogueList } from '../catalogue';
import { ImportFileButton } from './ImportFileButton';
import { VoidBillsButton } from './VoidBillsButton';

/** The uploads list: the catalogue's, with importing a file of records and voiding the bills a file lists. */
export function UploadList() {
  return (
    <CatalogueList
      actions={
        <>
          <ImportFileButton />
          <VoidBillsButton />
        </>
      }
    />
  );
}
