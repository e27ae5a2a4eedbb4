import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Knex } from '@app/db';
import { createApp } from '../app';
import { hashPassword } from '../auth';
import { loadConfig } from '../config';
import { startBoss } from '../jobs/boss';
import { benchAdministratorRole } from './bench-role';

const ADMIN_EMAIL = 'bench-admin@bench.test';
const ADMIN_PASSWORD = 'Bench-admin-1234';

export type GraphqlAnswer = { data?: Record<string, unknown>; errors?: Array<{ message: string }> };
export type Post = (query: string, variables: Record<string, unknown>, token?: string) => Promise<GraphqlAnswer>;

export interface BenchApi {
  /** POST /api/v2/graphql with X-Group-ID 1, as the back office sends it. */
  post: Post;
  /** A back-office administrator's token (every area WRITE, every permission key, every group). */
  token: string;
  stop(): Promise<void>;
}

/**
 * The API over real HTTP on the bench's database, as the back office meets it (auth, GraphQL, limits and the
 * database round trips all timed), with a signed-in administrator of its own.
 */
export async function startBenchApi(knex: Knex, url: string): Promise<BenchApi> {
  const roleId = await benchAdministratorRole(knex);
  if (!(await knex('users').whereRaw('lower(email) = ?', [ADMIN_EMAIL]).first('id'))) {
    await knex('users').insert({
      email: ADMIN_EMAIL,
      first_name: 'Bench',
      last_name: 'Admin',
      role: 'backoffice',
      backoffice_role_id: roleId,
      all_groups: true,
      password_hash: await hashPassword(ADMIN_PASSWORD),
      confirmed_at: knex.fn.now(),
    });
  }
  // Sign-in attempts are rate limited per account and address; a bench run starts with a clean slate.
  await knex('rate_limit_counters').delete();

  const stops: Array<() => Promise<void>> = [];
  const boss = await startBoss(url, 'sender');
  stops.push(() => boss.stop({ graceful: false, close: true }));
  const tokenSecret = new TextEncoder().encode('bench-secret-bench-secret-bench-secret-01');
  const app = await createApp({ db: knex, boss, config: loadConfig({ NODE_ENV: 'test' }), tokenSecret, serveFrontends: false });
  stops.unshift(() => app.stop());
  const server = http.createServer(app.express);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  stops.unshift(() => new Promise((resolve) => server.close(() => resolve())));
  const stop = async () => {
    for (const each of stops) await each().catch(() => undefined);
  };
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2/graphql`;

  const post: Post = async (query, variables, token) => {
    const res = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-group-id': '1', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    return (await res.json()) as GraphqlAnswer;
  };
  try {
    const login = await post('mutation ($input: LoginInput!) { login(input: $input) { auth { jwtToken } } }', {
      input: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, userRole: 'backoffice' },
    });
    const token = (login.data?.login as { auth?: { jwtToken?: string } } | undefined)?.auth?.jwtToken;
    if (!token) throw new Error(`back-office sign-in failed: ${JSON.stringify(login.errors ?? login)}`);
    return { post, token, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** p50 and p95 of a set of timings (ms). */
export function percentiles(timings: readonly number[]): { p50: number; p95: number } {
  const sorted = [...timings].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { p50: at(0.5), p95: at(0.95) };
}
