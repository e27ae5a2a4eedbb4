import { hasAreaLevel, type BackofficeArea, type PermissionKey, type UserPermissions } from '@app/api/rules';

/** The area each back-office resource belongs to, and the key its writes need beyond the area's WRITE. */
export const RESOURCE_ACCESS: Record<string, { area: BackofficeArea; writeKey?: PermissionKey }> = {
  BackofficeRole: { area: 'usersAndRoles', writeKey: 'MANAGE_USERS' },
  BackofficeUser: { area: 'usersAndRoles', writeKey: 'MANAGE_USERS' },
  JobQueue: { area: 'jobs' },
  Job: { area: 'jobs' },
  JobSchedule: { area: 'jobs' },
};

const READ_ACTIONS = new Set(['list', 'show', 'export']);

/**
 * What react-admin may show: menu entries need READ on the resource's area, create/edit/delete buttons
 * need WRITE (and the key). The server enforces the same rules; this only keeps the screens honest.
 */
export function canAccessResource(permissions: UserPermissions | null, resource: string | undefined, action: string): boolean {
  if (!resource) return true;
  const access = RESOURCE_ACCESS[resource];
  // Screens not yet mapped to an area are for any back-office user; the server still checks each call.
  if (!access) return permissions !== null;
  if (READ_ACTIONS.has(action)) return hasAreaLevel(permissions, access.area, 'READ');
  return hasAreaLevel(permissions, access.area, 'WRITE') && (!access.writeKey || (permissions?.keys.includes(access.writeKey) ?? false));
}
