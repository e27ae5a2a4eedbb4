import { EditButton, Show, TopToolbar } from 'react-admin';
import { CatalogueList } from '../catalogue';
import { SpecTabs } from '../catalogue/SpecTabs';
import { BulkApproveReadingsButton } from './BulkApproveReadingsButton';
import { ReadingStatusButtons } from './ReadingStatusButtons';

/** The readings list: the catalogue's, with bulk Approve and Approve for billing on the selection. */
export function MeterReadingList() {
  return (
    <CatalogueList
      bulkActions={
        <>
          <BulkApproveReadingsButton status="APPROVED" />
          <BulkApproveReadingsButton status="APPROVED_FOR_BILLING" />
        </>
      }
    />
  );
}

/** A reading's page: Edit, and a button for each status the workflow allows next. */
export function MeterReadingShow() {
  return (
    <Show
      actions={
        <TopToolbar>
          <ReadingStatusButtons />
          <EditButton />
        </TopToolbar>
      }
    >
      <SpecTabs />
    </Show>
  );
}
