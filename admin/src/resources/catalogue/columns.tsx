import type { ReactElement } from 'react';
import type { ResourceSpec } from '@app/api/rules';
import { CatalogueField } from './CatalogueField';
import type { ReferenceToPrefetch } from '../../providers/prefetch-references';
import { listEntries, refIsBrowsable } from './spec';

/** Datagrid columns of a resource: id and the `list: true` fields, sortable where the catalogue says so. */
export function columnsFor(spec: ResourceSpec, without?: string): ReactElement[] {
  return listEntries(spec, without).map(([name, field]) => (
    <CatalogueField key={name} source={name} field={field} sortable={!!field.sort} compact />
  ));
}

/** The list meta asking for the names of a list's reference columns with its rows (providers/prefetch-references). */
export function prefetchMetaFor(spec: ResourceSpec, without?: string): { prefetch: ReferenceToPrefetch[] } {
  return {
    prefetch: listEntries(spec, without).flatMap(([source, field]) => (field.kind === 'ref' && refIsBrowsable(field) ? [{ source, reference: field.ref }] : [])),
  };
}
