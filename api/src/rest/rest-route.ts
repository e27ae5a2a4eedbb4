import type { Request, RequestHandler, Response, Router } from 'express';
import type { Knex } from '@app/db';
import { assertAllowed } from '../auth/access';
import { REST_ACCESS } from '../auth/access-policy';
import { authenticate, type AuthUser } from '../auth/auth-user';
import { readBearerToken } from '../graphql/context';

/** The signed-in user of a REST request (null when anonymous), set by attachUser(). */
export function currentUser(res: Response): AuthUser | null {
  return (res.locals.user as AuthUser | null) ?? null;
}

/**
 * Reads the user from `Authorization: Bearer …`, or from a `jwt` query parameter, which secure download
 * links carry because a browser cannot add headers to a plain link. Checked exactly like the header.
 */
export function attachUser(db: Knex, tokenSecret: Uint8Array): RequestHandler {
  return async (req, res, next) => {
    const token = readBearerToken(req.get('authorization')) ?? (typeof req.query.jwt === 'string' ? req.query.jwt : null);
    res.locals.user = await authenticate(db, tokenSecret, token);
    next();
  };
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Mounts a REST route under /api/v2 behind the access declared for it in access-policy.ts (REST_ACCESS):
 * a route with no declaration fails at start-up, an anonymous call to a protected one gets 401, a
 * forbidden one 403.
 */
export function restRoute(router: Router, method: Method, path: string, handler: (req: Request, res: Response) => Promise<void> | void): void {
  const declared = `${method.toUpperCase()} ${path}`;
  const access = REST_ACCESS[declared];
  if (!access) throw new Error(`No access declared for REST route ${declared} (api/src/auth/access-policy.ts)`);
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
