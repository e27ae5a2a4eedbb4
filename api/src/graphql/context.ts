import { GraphQLError } from 'graphql';
import type { Request } from 'express';
import type { PgBoss } from 'pg-boss';
import type { Knex } from '@app/db';
import { authenticate, type AuthUser } from '../auth/auth-user';
import type { AppConfig } from '../config';

/** What every resolver gets. `user` is the verified signed-in user, or null. */
export interface GraphQLContext {
  db: Knex;
  boss: PgBoss;
  config: AppConfig;
  tokenSecret: Uint8Array;
  token: string | null;
  groupId: number | null;
  user: AuthUser | null;
  ip: string | null;
}

export function readBearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

/** X-Group-ID scopes back-office requests; when present it must be a positive whole number. */
export function readGroupId(header: string | undefined): number | null {
  if (header === undefined || header === '') return null;
  if (!/^\d+$/.test(header) || Number(header) < 1) {
    throw new GraphQLError('X-Group-ID must be a positive whole number', {
      extensions: { code: 'BAD_USER_INPUT', field: 'X-Group-ID', http: { status: 400 } },
    });
  }
  return Number(header);
}

export function buildContext(deps: Pick<GraphQLContext, 'db' | 'boss' | 'config' | 'tokenSecret'>) {
  return async ({ req }: { req: Request }): Promise<GraphQLContext> => {
    const token = readBearerToken(req.get('authorization'));
    return {
      ...deps,
      token,
      groupId: readGroupId(req.get('x-group-id')),
      user: await authenticate(deps.db, deps.tokenSecret, token),
      ip: req.ip ?? null,
    };
  };
}
