import type { ReactNode } from 'react';
import { BulkDeleteButton, Datagrid, List, TopToolbar, useCanAccess } from 'react-admin';
import { CatalogueListActions } from '../exports';
import { columnsFor, prefetchMetaFor } from './columns';
import { useCatalogueFilters } from './filters';
import { LimitedPagination } from './LimitedPagination';
import { SavedFiltersAside } from './SavedFiltersAside';
import { useSpec } from './spec';
import { StatusTabs } from './StatusTabs';

export interface CatalogueListProps {
  /** Buttons before the list's own (filters, export): the resource's actions, e.g. "Start bill run". */
  actions?: ReactNode;
  /** Refetch the page this often (ms), for lists whose rows move by themselves (bill runs). */
  refreshEveryMs?: number;
  /** Buttons acting on the selected rows (e.g. approve readings), instead of bulk delete. */
  bulkActions?: ReactNode;
}

/**
 * The list screen of any catalogue resource: its columns, filters, sort, and bulk delete where allowed; a busy
 * list's status tabs and saved filters where its spec asks for them. A list with actions of its own shows its
 * toolbar when empty too (its first record is made from there).
 */
export function CatalogueList({ actions, refreshEveryMs, bulkActions: ownBulkActions }: CatalogueListProps = {}) {
  const spec = useSpec();
  const filters = useCatalogueFilters(spec);
  const { canAccess: canDelete } = useCanAccess({ resource: spec.name, action: 'delete' });
  const bulkActions = ownBulkActions ?? (spec.delete === 'hard' && canDelete ? <BulkDeleteButton mutationMode="pessimistic" /> : false);
  return (
    <List
      filters={filters.length ? filters : undefined}
      sort={spec.defaultSort}
      perPage={25}
      exporter={false}
      actions={
        actions ? (
          <TopToolbar>
            {actions}
            <CatalogueListActions />
          </TopToolbar>
        ) : (
          <CatalogueListActions />
        )
      }
      // The uploads list's toolbar makes usage reports: it must show on an empty list too (react-admin's empty page has none).
      empty={actions || spec.name === 'Upload' ? false : undefined}
      queryOptions={{ meta: prefetchMetaFor(spec), ...(refreshEveryMs ? { refetchInterval: refreshEveryMs } : {}) }}
      pagination={<LimitedPagination limit={spec.countLimit} />}
      aside={spec.savedFilters ? <SavedFiltersAside /> : undefined}
    >
      <StatusTabs spec={spec} />
      <Datagrid rowClick="show" bulkActionButtons={bulkActions}>
        {columnsFor(spec)}
      </Datagrid>
    </List>
  );
}
