import type { ReactElement } from 'react';
import type { ResourceSpec } from '@app/api/rules';
import { CatalogueField } from './CatalogueField';
import { listEntries } from './spec';

/** Datagrid columns of a resource: id and the `list: true` fields, sortable where the catalogue says so. */
export function columnsFor(spec: ResourceSpec, without?: string): ReactElement[] {
  return listEntries(spec, without).map(([name, field]) => (
    <CatalogueField key={name} source={name} field={field} sortable={!!field.sort} compact />
  ));
}
