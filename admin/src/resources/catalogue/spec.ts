import { useResourceContext } from 'react-admin';
import { tokenPermissions } from '@app/api/client';
import { findResourceSpec, resourceSpec, type FieldSpec, type ResourceSpec } from '@app/api/rules';
import { canAccessResource } from '../../auth/resource-access';

/**
 * Reading the catalogue for the screens. Every generic screen finds its resource's spec from the
 * react-admin resource context, so one set of components serves every catalogue entry.
 */

/** Resources with screens of their own: refs may point at them, but they are not catalogue entries. */
export const DEDICATED_RESOURCES = new Set(['BackofficeRole', 'BackofficeUser', 'JobQueue', 'Job', 'JobSchedule']);

export type FieldEntry = [name: string, field: FieldSpec];

export function useSpec(): ResourceSpec {
  const resource = useResourceContext();
  if (!resource) throw new Error('A catalogue screen needs a resource context');
  return resourceSpec(resource);
}

/** A ref can be shown as a link and chosen in a select only when its resource has screens. */
export function refIsBrowsable(field: FieldSpec): field is FieldSpec & { ref: string } {
  return !!field.ref && (findResourceSpec(field.ref) !== undefined || DEDICATED_RESOURCES.has(field.ref));
}

/** Link target of a ref: catalogue records have a show page; dedicated ones are opened for editing. */
export function refLink(ref: string): 'show' | 'edit' | false {
  if (findResourceSpec(ref)) return 'show';
  return ref === 'BackofficeUser' || ref === 'BackofficeRole' ? 'edit' : false;
}

export const entries = (spec: ResourceSpec): FieldEntry[] => Object.entries(spec.fields);

/**
 * Whether the signed-in member of staff may read what a field shows: a reference to records they may not read
 * (a partner's houses name agencies) would only ever show an error, so it is left off their lists and pages.
 */
export function isReadable([, field]: FieldEntry): boolean {
  return !refIsBrowsable(field) || canAccessResource(tokenPermissions(), field.ref, 'show');
}

/** Columns of the list: `id` first, then every `list: true` field the member of staff may read. */
export function listEntries(spec: ResourceSpec, without?: string): FieldEntry[] {
  return entries(spec).filter((entry) => (entry[0] === 'id' || entry[1].list) && entry[0] !== without && isReadable(entry));
}

/** Inputs of the create and edit forms: everything the API lets staff write. */
export const formEntries = (spec: ResourceSpec): FieldEntry[] => entries(spec).filter(([, field]) => !field.readOnly);

/** Default values of a create form. */
export function defaultValues(spec: ResourceSpec): Record<string, unknown> {
  return Object.fromEntries(
    entries(spec)
      .filter(([, field]) => !field.readOnly && field.defaultValue !== undefined)
      .map(([name, field]) => [name, field.defaultValue]),
  );
}

/** A record matches `lockedWhen`: it has been issued and is never edited again. */
export function isLocked(spec: ResourceSpec, record: Record<string, unknown> | undefined): boolean {
  if (!spec.lockedWhen || !record) return false;
  return spec.lockedWhen.values.includes(String(record[spec.lockedWhen.field]));
}

/** The related lists of a record's page whose resource the catalogue holds (others are still to come). */
export function relatedEntries(spec: ResourceSpec): Array<{ spec: ResourceSpec; target: string }> {
  return (spec.related ?? []).flatMap(({ resource, target }) => {
    const related = findResourceSpec(resource);
    return related && related.fields[target] ? [{ spec: related, target }] : [];
  });
}
