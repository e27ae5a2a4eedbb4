import { GraphQLError } from 'graphql';
import type { Request, Response } from 'express';
import type { PgBoss } from 'pg-boss';
import type { Knex } from '@app/db';
import { authenticate, rememberedAuthentication, type AuthUser } from '../auth/auth-user';
import { checkGroupAccess, GROUP_FORBIDDEN_MESSAGE, groupMissingMessage } from '../auth/group-membership';
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

/** X-Group-ID restricts: a group the user does not belong to is 403 FORBIDDEN, one that does not exist 404. */
async function assertGroupMember(db: Knex, user: AuthUser, groupId: number): Promise<void> {
  const access = await checkGroupAccess(db, user, groupId);
  if (access === 'missing') throw new GraphQLError(groupMissingMessage(groupId), { extensions: { code: 'NOT_FOUND', field: 'X-Group-ID', http: { status: 404 } } });
  if (access === 'forbidden') throw new GraphQLError(GROUP_FORBIDDEN_MESSAGE, { extensions: { code: 'FORBIDDEN', field: 'X-Group-ID', http: { status: 403 } } });
}

export function buildContext(deps: Pick<GraphQLContext, 'db' | 'boss' | 'config' | 'tokenSecret'>) {
  return async ({ req, res }: { req: Request; res?: Response }): Promise<GraphQLContext> => {
    const token = readBearerToken(req.get('authorization'));
    const groupId = readGroupId(req.get('x-group-id'));
    // attachUser (mounted on /api/v2) has usually checked this very token already: do not do it twice.
    const remembered = rememberedAuthentication(res?.locals, token);
    const user = remembered === undefined ? await authenticate(deps.db, deps.tokenSecret, token) : remembered;
    if (user && groupId !== null) await assertGroupMember(deps.db, user, groupId);
    return { ...deps, token, groupId, user, ip: req.ip ?? null };
  };
}
