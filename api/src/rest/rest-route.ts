import type { Request, RequestHandler, Response, Router } from 'express';
import type { Knex } from '@app/db';
import { assertAllowed, type Access } from '../auth/access';
import { authenticate, rememberAuthentication, userOfSession, type AuthUser } from '../auth/auth-user';
import { verifyDownloadToken } from '../auth/download-token';
import { readBearerToken } from '../graphql/context';
import { checkGroupAccess, GROUP_FORBIDDEN_MESSAGE, groupMissingMessage } from '../auth/group-membership';

/** The signed-in user of a REST request (null when anonymous), set by attachUser(). */
export function currentUser(res: Response): AuthUser | null {
  return (res.locals.user as AuthUser | null) ?? null;
}

/**
 * Reads the user from `Authorization: Bearer …`, or from a `jwt` query parameter, which secure download
 * links carry because a browser cannot add headers to a plain link: there only a download token for this very
 * path (auth/download-token.ts) is accepted, never a session token.
 */
export function attachUser(db: Knex, tokenSecret: Uint8Array): RequestHandler {
  return async (req, res, next) => {
    const bearer = readBearerToken(req.get('authorization'));
    const link = typeof req.query.jwt === 'string' ? await verifyDownloadToken(req.query.jwt, tokenSecret, req.baseUrl + req.path) : null;
    const user = bearer ? await authenticate(db, tokenSecret, bearer) : link ? await userOfSession(db, link) : null;
    res.locals.user = user;
    if (bearer) rememberAuthentication(res.locals, bearer, user);
    // X-Group-ID restricts on REST as on GraphQL (whose context answers in GraphQL's own shape).
    const header = req.get('x-group-id');
    if (user && header && req.path !== '/graphql' && /^[1-9]\d{0,15}$/.test(header)) {
      const access = await checkGroupAccess(db, user, Number(header));
      if (access === 'missing') return void res.status(404).json({ error: { code: 'NOT_FOUND', message: groupMissingMessage(Number(header)) } });
      if (access === 'forbidden') return void res.status(403).json({ error: { code: 'FORBIDDEN', message: GROUP_FORBIDDEN_MESSAGE } });
    }
    next();
  };
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** A REST route as mounted: `METHOD /path` under /api/v2 and who may call it. */
export interface DeclaredRestRoute {
  method: Uppercase<Method>;
  path: string;
  access: Access;
}

const declaredRoutes = new Map<string, DeclaredRestRoute>();

/** Every REST route mounted so far through restRoute() (all of them once createApp() has run). */
export function listRestRoutes(): DeclaredRestRoute[] {
  return [...declaredRoutes.values()];
}

/**
 * Mounts a REST route under /api/v2 behind the access it declares: an anonymous call to a protected
 * route gets 401, a forbidden one 403. Routes are mounted only through here, so the access walk
 * (listRestRoutes) sees every one.
 */
export function restRoute(router: Router, method: Method, path: string, access: Access, handler: (req: Request, res: Response) => Promise<void> | void): void {
  const upper = method.toUpperCase() as Uppercase<Method>;
  declaredRoutes.set(`${upper} ${path}`, { method: upper, path, access });
  router[method](path, async (req, res) => {
    try {
      assertAllowed(currentUser(res), access);
    } catch (error) {
      const { code, http } = (error as { extensions: { code: string; http: { status: number } } }).extensions;
      res.status(http.status).json({ error: { code, message: (error as Error).message } });
      return;
    }
    await handler(req, res);
  });
}
