import { Datagrid, List, TopToolbar } from 'react-admin';
import { columnsFor } from '../catalogue/columns';
import { useCatalogueFilters } from '../catalogue/filters';
import { LimitedPagination } from '../catalogue/LimitedPagination';
import { useSpec } from '../catalogue/spec';
import { CatalogueListActions } from '../exports';
import { CreditRebateButton } from './CreditRebateButton';

/** The catalogue's government-rebate list, with "Credit rebate" (a month of the scheme, split per tenant). */
export function GovernmentRebateList() {
  const spec = useSpec();
  const filters = useCatalogueFilters(spec);
  return (
    <List
      filters={filters.length ? filters : undefined}
      sort={spec.defaultSort}
      perPage={25}
      exporter={false}
      // No "empty" page: the first rebates are credited from here.
      empty={false}
      actions={
        <TopToolbar>
          <CreditRebateButton />
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
