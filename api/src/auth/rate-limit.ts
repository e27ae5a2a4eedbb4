import type { Knex } from '@app/db';
import { DomainError } from '../errors/domain-error';
import { TOO_MANY_ATTEMPTS } from '../rules';

export interface RateLimit {
  /** What is being counted, e.g. `login:ip:203.0.113.7`. */
  key: string;
  limit: number;
  windowMinutes: number;
}

/**
 * Counts one attempt in a fixed window kept in PostgreSQL (so every API process shares the count) and
 * refuses the attempt past the limit. Each aliased mutation in one GraphQL request counts on its own.
 */
export async function consumeAttempt(db: Knex, { key, limit, windowMinutes }: RateLimit): Promise<void> {
  const { rows } = await db.raw<{ rows: Array<{ hits: number }> }>(
    `INSERT INTO rate_limit_counters (key, window_start, hits)
     VALUES (?, date_bin(make_interval(mins => ?), now(), timestamptz 'epoch'), 1)
     ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limit_counters.hits + 1
     RETURNING hits`,
    [key, windowMinutes],
  );
  if (rows[0]!.hits > limit) throw new DomainError('RATE_LIMITED', TOO_MANY_ATTEMPTS, { retryAfterMinutes: windowMinutes });
}

export const LOGIN_LIMITS = {
  perAccount: { limit: 10, windowMinutes: 15 },
  perIp: { limit: 50, windowMinutes: 15 },
} as const;

export const PASSWORD_RESET_LIMITS = {
  perAccount: { limit: 5, windowMinutes: 60 },
  perIp: { limit: 20, windowMinutes: 60 },
} as const;
