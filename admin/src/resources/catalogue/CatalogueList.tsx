import { BulkDeleteButton, Datagrid, List, useCanAccess } from 'react-admin';
import { CatalogueListActions } from '../exports';
import { columnsFor } from './columns';
import { useCatalogueFilters } from './filters';
import { LimitedPagination } from './LimitedPagination';
import { useSpec } from './spec';

/** The list screen of any catalogue resource: its columns, filters, sort, and bulk delete where allowed. */
export function CatalogueList() {
  const spec = useSpec();
  const filters = useCatalogueFilters(spec);
  const { canAccess: canDelete } = useCanAccess({ resource: spec.name, action: 'delete' });
  const bulkActions = spec.delete === 'hard' && canDelete ? <BulkDeleteButton mutationMode="pessimistic" /> : false;
  return (
    <List
      filters={filters.length ? filters : undefined}
      sort={spec.defaultSort}
      perPage={25}
      exporter={false}
      actions={<CatalogueListActions />}
      // The uploads list's toolbar makes usage reports: it must show on an empty list too (react-admin's empty page has none).
      empty={spec.name === 'Upload' ? false : undefined}
      pagination={<LimitedPagination limit={spec.countLimit} />}
    >
      <Datagrid rowClick="show" bulkActionButtons={bulkActions}>
        {columnsFor(spec)}
      </Datagrid>
    </List>
  );
}
