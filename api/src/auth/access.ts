import { GraphQLError } from 'graphql';
import { BACKOFFICE_ROLES, hasAreaLevel, type BackofficeArea, type PermissionKey, type PermissionLevel, type UserRole } from '../rules';
import type { AuthUser } from './auth-user';

/**
 * Who may call an operation. Every GraphQL field of Query and Mutation and every REST route declares one
 * beside it (a module's `access`, a route's restRoute() call); the server refuses to start if one is missing.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'signedIn' }
  | { kind: 'roles'; roles: readonly UserRole[] }
  | { kind: 'backoffice'; area: BackofficeArea; level: Exclude<PermissionLevel, 'NONE'>; key?: PermissionKey; orAreas?: readonly BackofficeArea[] };

export const PUBLIC: Access = { kind: 'public' };
export const SIGNED_IN: Access = { kind: 'signedIn' };
export const roles = (...allowed: UserRole[]): Access => ({ kind: 'roles', roles: allowed });
export const backoffice = (area: BackofficeArea, level: 'READ' | 'WRITE', key?: PermissionKey): Access => ({ kind: 'backoffice', area, level, ...(key ? { key } : {}) });
/** READ on the area or on any of the others (a catalogue resource's `readAlsoWith`). */
export const backofficeRead = (area: BackofficeArea, orAreas: readonly BackofficeArea[] = []): Access => ({ kind: 'backoffice', area, level: 'READ', ...(orAreas.length ? { orAreas } : {}) });

export const UNAUTHENTICATED_MESSAGE = 'You must sign in first';
export const FORBIDDEN_MESSAGE = 'You do not have permission to do this';

/** True when the user may call; explains nothing (for menus). */
export function isAllowed(user: AuthUser | null, access: Access): boolean {
  switch (access.kind) {
    case 'public':
      return true;
    case 'signedIn':
      return user !== null;
    case 'roles':
      return user !== null && access.roles.includes(user.role);
    case 'backoffice':
      return (
        user !== null &&
        (BACKOFFICE_ROLES as readonly UserRole[]).includes(user.role) &&
        [access.area, ...(access.orAreas ?? [])].some((area) => hasAreaLevel(user.permissions, area, access.level)) &&
        (!access.key || (user.permissions?.keys.includes(access.key) ?? false))
      );
  }
}

/** Throws 401 UNAUTHENTICATED without a valid session, 403 FORBIDDEN when the user's role does not allow it. */
export function assertAllowed(user: AuthUser | null, access: Access): void {
  if (access.kind !== 'public' && !user) {
    throw new GraphQLError(UNAUTHENTICATED_MESSAGE, { extensions: { code: 'UNAUTHENTICATED', http: { status: 401 } } });
  }
  if (!isAllowed(user, access)) {
    throw new GraphQLError(FORBIDDEN_MESSAGE, { extensions: { code: 'FORBIDDEN', http: { status: 403 } } });
  }
}
