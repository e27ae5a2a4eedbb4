import type { Knex } from '@app/db';
import type { AuthEvent } from '../rules';

/** Records a sign-in event (who, what, when in UTC, from where) for security review. */
export async function recordAuthEvent(
  db: Knex,
  event: AuthEvent,
  who: { userId?: number | null; email?: string | null; ip?: string | null },
  detail: Record<string, unknown> = {},
): Promise<void> {
  await db('auth_events').insert({ event, user_id: who.userId ?? null, email: who.email ?? null, ip: who.ip ?? null, detail: JSON.stringify(detail) });
}
