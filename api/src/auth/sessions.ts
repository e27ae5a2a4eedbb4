import crypto from 'node:crypto';
import type { Knex } from '@app/db';
import { permissionsOf } from './auth-user';
import { signToken } from './tokens';
import { SESSIONS_REVOKED_CHANNEL } from '../modules/notifications/server-notification';

export interface IssuedToken {
  jwtToken: string;
  sessionId: string;
}

/** Opens a session for the user and signs its token. */
export async function issueToken(
  db: Knex,
  user: { id: number; role: string; backoffice_role_id: number | null },
  { secret, ttlSeconds, ip }: { secret: Uint8Array; ttlSeconds: number; ip: string | null },
): Promise<IssuedToken> {
  const sessionId = crypto.randomUUID();
  await db('sessions').insert({ id: sessionId, user_id: user.id, ip, expires_at: new Date(Date.now() + ttlSeconds * 1000) });
  const role = user.backoffice_role_id ? await db('backoffice_roles').where({ id: user.backoffice_role_id }).first('permissions', 'permission_keys') : null;
  const jwtToken = await signToken(
    { user_id: user.id, role: user.role as never, sid: sessionId, options: { user_permissions: permissionsOf(role ?? null) } },
    secret,
    ttlSeconds,
  );
  return { jwtToken, sessionId };
}

/** Ends a session; NOTIFY (delivered on commit) tells every API process to close that session's sockets. */
export async function revokeSession(db: Knex, sessionId: string): Promise<void> {
  await db('sessions').where({ id: sessionId }).whereNull('revoked_at').update({ revoked_at: db.fn.now() });
  await db.raw('SELECT pg_notify(?, ?)', [SESSIONS_REVOKED_CHANNEL, `sid:${sessionId}`]);
}

/** Every token the user holds stops working (after a password change or reset). */
export async function revokeAllSessions(db: Knex, userId: number): Promise<void> {
  await db('sessions').where({ user_id: userId }).whereNull('revoked_at').update({ revoked_at: db.fn.now() });
  await db.raw('SELECT pg_notify(?, ?)', [SESSIONS_REVOKED_CHANNEL, `user:${userId}`]);
}
