import type { Knex } from '@app/db';
import { BACKOFFICE_AREAS, PERMISSION_KEYS, PERMISSION_LEVELS, type BackofficeArea, type PermissionKey, type PermissionLevel, type UserPermissions, type UserRole } from '../rules';
import { verifyToken } from './tokens';

/** The signed-in user of a request, read fresh from the database on every request (so revocations bite at once). */
export interface AuthUser {
  id: number;
  role: UserRole;
  email: string;
  firstName: string;
  lastName: string;
  sessionId: string;
  permissions: UserPermissions | null;
  partnerId: number | null;
  isFO: boolean;
  /** The groups a back-office account works for ('all': head office), read with the session (empty for others). */
  staffGroups: number[] | 'all';
}

/** A role row's permissions, keeping only known areas, levels and keys. */
export function permissionsOf(row: { permissions: unknown; permission_keys: unknown } | null): UserPermissions | null {
  if (!row) return null;
  const raw = (row.permissions ?? {}) as Record<string, unknown>;
  const areas: UserPermissions['areas'] = {};
  for (const area of BACKOFFICE_AREAS) {
    const level = raw[area];
    if ((PERMISSION_LEVELS as readonly unknown[]).includes(level)) areas[area as BackofficeArea] = level as PermissionLevel;
  }
  const keys = ((row.permission_keys ?? []) as unknown[]).filter((key): key is PermissionKey => (PERMISSION_KEYS as readonly unknown[]).includes(key));
  return { areas, keys };
}

export async function authenticate(db: Knex, secret: Uint8Array, token: string | null): Promise<AuthUser | null> {
  if (!token) return null;
  const claims = await verifyToken(token, secret);
  if (!claims) return null;
  return userOfSession(db, claims);
}

/*
 * One authentication per request. The REST middleware (attachUser) runs for every /api/v2 path, /graphql
 * included, and the GraphQL context used to verify the same bearer token and read the same session again:
 * two JWT verifications and two session queries per GraphQL request (bench api: 6 queries for a list, 4 now).
 * The middleware leaves what it found on the response; the context takes it when it is for the same token.
 */
const AUTHENTICATED = Symbol('authenticated bearer');

/** Keeps the outcome of authenticating `token` (null: not a valid session) for the rest of the request. */
export function rememberAuthentication(locals: object, token: string, user: AuthUser | null): void {
  (locals as Record<symbol, unknown>)[AUTHENTICATED] = { token, user };
}

/** The user this request's bearer `token` was already found to be, or undefined when it was not checked yet. */
export function rememberedAuthentication(locals: object | undefined, token: string | null): AuthUser | null | undefined {
  const found = (locals as Record<symbol, unknown> | undefined)?.[AUTHENTICATED] as { token: string; user: AuthUser | null } | undefined;
  return token && found?.token === token ? found.user : undefined;
}

/** The active user of a live session (a download token names the session it was issued to). */
export async function userOfSession(db: Knex, claims: { user_id: number; sid: string }): Promise<AuthUser | null> {
  const row = await db('sessions')
    .join('users', 'users.id', 'sessions.user_id')
    .leftJoin('backoffice_roles', 'backoffice_roles.id', 'users.backoffice_role_id')
    .where({ 'sessions.id': claims.sid, 'sessions.user_id': claims.user_id, 'users.status': 'ACTIVE' })
    .whereNull('sessions.revoked_at')
    .where('sessions.expires_at', '>', db.fn.now())
    .first(
      'users.id',
      'users.role',
      'users.email',
      'users.first_name',
      'users.last_name',
      'users.partner_id',
      'users.is_fo',
      'users.expires_at',
      'users.all_groups',
      db.raw('ARRAY(SELECT group_id FROM backoffice_user_groups g WHERE g.user_id = users.id ORDER BY group_id) AS group_ids'),
      'backoffice_roles.id as role_id',
      'backoffice_roles.permissions',
      'backoffice_roles.permission_keys',
    );
  if (!row || (row.expires_at && new Date(row.expires_at) < new Date())) return null;
  return {
    id: row.id,
    role: row.role,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    sessionId: claims.sid,
    permissions: row.role_id ? permissionsOf(row) : null,
    partnerId: row.partner_id,
    isFO: row.is_fo,
    staffGroups: row.all_groups ? 'all' : (row.group_ids as number[]),
  };
}
