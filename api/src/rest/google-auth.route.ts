import { PUBLIC } from '../auth/access';
import { Router } from 'express';
import type { Knex } from '@app/db';
import { authorizationUrl } from '../auth/openid-client';
import type { AppConfig } from '../config';
import { DomainError } from '../errors/domain-error';
import { googleLogin, googleRedirectUri } from '../modules/identity/google-login.service';
import { GOOGLE_LOGIN_ERRORS } from '../rules';
import { restRoute } from './rest-route';

/**
 * Google sign-in (OpenID Connect, authorization code flow): GET /auth/google/url gives the address to send
 * the browser to, with the state the page keeps; the issuer returns to /admin-signin with a code, which
 * the page posts to POST /auth/google { code, userRole }.
 */
export function googleAuthRoute(db: Knex, config: AppConfig, tokenSecret: Uint8Array): Router {
  const router = Router();
  restRoute(router, 'get', '/auth/google/url', PUBLIC, async (req, res) => {
    const state = typeof req.query.state === 'string' ? req.query.state : '';
    if (!/^[\w-]{16,128}$/.test(state)) throw DomainError.invalid([{ field: 'state', rule: 'pattern', message: 'must be 16 to 128 letters, digits, - or _' }]);
    if (!config.google) throw new DomainError('NOT_FOUND', 'Google sign-in is not configured');
    try {
      res.json({ url: await authorizationUrl(config.google, googleRedirectUri(config.baseUrl), state) });
    } catch {
      throw new DomainError('LOGIN_REFUSED', GOOGLE_LOGIN_ERRORS.failed, { key: 'google.failed' });
    }
  });
  restRoute(router, 'post', '/auth/google', PUBLIC, async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const result = await googleLogin(db, config.google, body, { secret: tokenSecret, ttlSeconds: config.tokenTtlSeconds, ip: req.ip ?? null, baseUrl: config.baseUrl });
    res.json(result);
  });
  return router;
}
