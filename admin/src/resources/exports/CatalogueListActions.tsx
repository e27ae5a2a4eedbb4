import { CreateButton, FilterButton, TopToolbar, useFilterContext, useResourceContext, useResourceDefinition } from 'react-admin';
import { UsageReportButton } from '../usage-reports/UsageReportButton';
import { ExportMenuButton } from './ExportMenuButton';

/**
 * react-admin's list actions (filter, create) with the server-side Export menu in place of its own export; the
 * uploads list also offers the usage report (a USAGE_REPORT upload made by a job).
 */
export function CatalogueListActions() {
  const filters = useFilterContext();
  const { hasCreate } = useResourceDefinition();
  const resource = useResourceContext();
  return (
    <TopToolbar>
      {filters && filters.length > 0 && <FilterButton />}
      {hasCreate && <CreateButton />}
      {resource === 'Upload' && <UsageReportButton />}
      <ExportMenuButton />
    </TopToolbar>
  );
}
