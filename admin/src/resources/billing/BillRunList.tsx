import { Datagrid, List, TopToolbar } from 'react-admin';
import { columnsFor } from '../catalogue/columns';
import { useCatalogueFilters } from '../catalogue/filters';
import { LimitedPagination } from '../catalogue/LimitedPagination';
import { useSpec } from '../catalogue/spec';
import { CatalogueListActions } from '../exports';
import { StartBillRunButton } from './StartBillRunButton';

/** The catalogue's bill-run list, with "Start bill run"; it refreshes while runs move. */
export function BillRunList() {
  const spec = useSpec();
  const filters = useCatalogueFilters(spec);
  return (
    <List
      filters={filters.length ? filters : undefined}
      sort={spec.defaultSort}
      perPage={25}
      exporter={false}
      queryOptions={{ refetchInterval: 5000 }}
      // No "empty" page: the first run is started from here.
      empty={false}
      actions={
        <TopToolbar>
          <StartBillRunButton />
          <CatalogueListActions />
        </TopToolbar>
      }
      pagination={<LimitedPagination limit={spec.countLimit} />}
    >
      <Datagrid rowClick="show" bulkActionButtons={false}>
        {columnsFor(spec)}
      </Datagrid>
    </List>
  );
}
