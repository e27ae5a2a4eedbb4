import { Show, TopToolbar } from 'react-admin';
import { SpecTabs } from '../catalogue/SpecTabs';
import { ExportJournalButtons, ReverseJournalButton } from './JournalActions';

/** A sales journal: the catalogue's fields and lines, with Export (CSV, XLSX) and Reverse for finance staff. */
export function SalesJournalShow() {
  return (
    <Show
      actions={
        <TopToolbar>
          <ExportJournalButtons />
          <ReverseJournalButton />
        </TopToolbar>
      }
    >
      <SpecTabs />
    </Show>
  );
}
