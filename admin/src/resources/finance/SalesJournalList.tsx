import { CatalogueList } from '../catalogue/CatalogueList';
import { GenerateJournalButton } from './GenerateJournalButton';

/** The catalogue's sales-journal list, with "Generate journal" (shown on an empty list too). */
export function SalesJournalList() {
  return <CatalogueList actions={<GenerateJournalButton />} />;
}
