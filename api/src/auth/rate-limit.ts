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
export async function consumeAttempt(db: Knex, limit: RateLimit, attempts = 1): Promise<void> {
  const hits = await countAttempt(db, limit, attempts);
  if (hits > limit.limit) throw new DomainError('RATE_LIMITED', TOO_MANY_ATTEMPTS, { retryAfterMinutes: limit.windowMinutes });
}

/** Counts `attempts` in the key's current window and returns the window's count so far. */
export async function countAttempt(db: Knex, { key, windowMinutes }: Omit<RateLimit, 'limit'>, attempts = 1): Promise<number> {
  const { rows } = await db.raw<{ rows: Array<{ hits: number }> }>(
    `INSERT INTO rate_limit_counters (key, window_start, hits)
     VALUES (?, date_bin(make_interval(mins => ?), now(), timestamptz 'epoch'), ?)
     ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limit_counters.hits + excluded.hits
     RETURNING hits`,
    [key, windowMinutes, attempts],
  );
  return rows[0]!.hits;
}

/**
 * Sign-in limits. A hard refusal only ever falls on an address: the pair of one account and one address
 * (a guesser at one account), or one address (a guesser at many). Attempts at one account from every
 * address together only slow down (perAccountDelay): a stranger must not be able to lock the owner out.
 */
export const LOGIN_LIMITS = {
  perAccountAndIp: { limit: 10, windowMinutes: 15 },
  perIp: { limit: 50, windowMinutes: 15 },
  perAccount: { limit: 10, windowMinutes: 15 },
} as const;

/** The growing wait once an account has had more attempts than `perAccount` allows: 0.25 s doubling to 8 s. */
export function perAccountDelayMs(hits: number): number {
  const over = hits - LOGIN_LIMITS.perAccount.limit;
  return over <= 0 ? 0 : Math.min(8_000, 250 * 2 ** Math.min(over - 1, 5));
}

export const PASSWORD_RESET_LIMITS = {
  perAccount: { limit: 5, windowMinutes: 60 },
  perIp: { limit: 20, windowMinutes: 60 },
  /** Answers "No account can be found" per address: past this the address learns nothing more. */
  unknownEmailPerIp: { limit: 10, windowMinutes: 60 },
  /** Unknown e-mails from one address after which each further one is logged as possible enumeration. */
  enumerationWarningAt: 5,
} as const;

/** The count of the key's current window, without counting. */
export async function readHits(db: Knex, { key, windowMinutes }: Omit<RateLimit, 'limit'>): Promise<number> {
  const { rows } = await db.raw<{ rows: Array<{ hits: number }> }>(
    `SELECT hits FROM rate_limit_counters WHERE key = ? AND window_start = date_bin(make_interval(mins => ?), now(), timestamptz 'epoch')`,
    [key, windowMinutes],
  );
  return rows[0]?.hits ?? 0;
}

/**
 * The anonymous writes, per address: a browser reports a few errors and one view per page it shows, so
 * these leave every real visitor far below them and stop a script filling the tables.
 */
export const ANONYMOUS_WRITE_LIMITS = {
  log: { limit: 120, windowMinutes: 10 },
  pageViews: { limit: 600, windowMinutes: 10 },
} as const;

/** The per-address limit of a route, counted before its body is looked at. */
export function limitPerAddress(db: Knex, name: keyof typeof ANONYMOUS_WRITE_LIMITS) {
  return (ip: string | undefined) => consumeAttempt(db, { key: `${name}:ip:${ip ?? 'unknown'}`, ...ANONYMOUS_WRITE_LIMITS[name] });
}
