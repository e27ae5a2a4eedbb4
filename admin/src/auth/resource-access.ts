import { CATALOGUE, hasAreaLevel, type BackofficeArea, type PermissionKey, type UserPermissions } from '@app/api/rules';

/**
 * The area each back-office resource belongs to, the key its writes need beyond the area's WRITE, and which
 * writes exist at all (a catalogue resource with `create: false`, `update: false` or `delete: 'never'` offers none).
 */
export interface ResourceAccess {
  area: BackofficeArea;
  /** Other areas whose READ also opens it read-only (the catalogue's readAlsoWith). */
  readAlsoWith?: readonly BackofficeArea[];
  writeKey?: PermissionKey;
  deleteKey?: PermissionKey;
  canCreate?: boolean;
  canUpdate?: boolean;
  canDelete?: boolean;
}

/** Every catalogue resource, from the catalogue itself. */
const CATALOGUE_ACCESS: Record<string, ResourceAccess> = Object.fromEntries(
  CATALOGUE.map((spec) => [
    spec.name,
    {
      area: spec.area,
      readAlsoWith: spec.readAlsoWith,
      writeKey: spec.writeKey,
      deleteKey: spec.deleteKey,
      canCreate: spec.create,
      canUpdate: spec.update,
      canDelete: spec.delete === 'hard',
    } satisfies ResourceAccess,
  ]),
);

export const RESOURCE_ACCESS: Record<string, ResourceAccess> = {
  ...CATALOGUE_ACCESS,
  BackofficeRole: { area: 'usersAndRoles', writeKey: 'MANAGE_USERS' },
  BackofficeUser: { area: 'usersAndRoles', writeKey: 'MANAGE_USERS' },
  JobQueue: { area: 'jobs' },
  Job: { area: 'jobs' },
  JobSchedule: { area: 'jobs' },
  // Not a list: the uploads list's Usage report button asks for `create` on it (usageReports WRITE).
  UsageReport: { area: 'usageReports' },
};

const READ_ACTIONS = new Set(['list', 'show', 'export']);

const hasKey = (permissions: UserPermissions | null, key: PermissionKey | undefined) => !key || (permissions?.keys.includes(key) ?? false);

/**
 * What react-admin may show: menu entries need READ on the resource's area, create/edit/delete buttons
 * need WRITE (and the key). The server enforces the same rules; this only keeps the screens honest.
 */
export function canAccessResource(permissions: UserPermissions | null, resource: string | undefined, action: string): boolean {
  if (!resource) return true;
  const access = RESOURCE_ACCESS[resource];
  // Screens not yet mapped to an area are for any back-office user; the server still checks each call.
  if (!access) return permissions !== null;
  if (READ_ACTIONS.has(action)) return [access.area, ...(access.readAlsoWith ?? [])].some((area) => hasAreaLevel(permissions, area, 'READ'));
  if (action === 'create' && access.canCreate === false) return false;
  if (action === 'edit' && access.canUpdate === false) return false;
  if (action === 'delete' && (access.canDelete === false || !hasKey(permissions, access.deleteKey))) return false;
  return hasAreaLevel(permissions, access.area, 'WRITE') && hasKey(permissions, access.writeKey);
}
