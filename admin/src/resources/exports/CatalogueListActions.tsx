import { CreateButton, FilterButton, TopToolbar, useFilterContext, useResourceDefinition } from 'react-admin';
import { ExportMenuButton } from './ExportMenuButton';

/** react-admin's list actions (filter, create) with the server-side Export menu in place of its own export. */
export function CatalogueListActions() {
  const filters = useFilterContext();
  const { hasCreate } = useResourceDefinition();
  return (
    <TopToolbar>
      {filters && filters.length > 0 && <FilterButton />}
      {hasCreate && <CreateButton />}
      <ExportMenuButton />
    </TopToolbar>
  );
}
