import { jwtVerify, SignJWT } from 'jose';
import type { UserPermissions, UserRole } from '../rules';

/** What a sign-in token carries (specification §4: user_id, options.user_permissions, exp in seconds). */
export interface TokenClaims {
  user_id: number;
  role: UserRole;
  /** The session this token belongs to: logout or a password change revokes it. */
  sid: string;
  options: { user_permissions: UserPermissions | null };
}

const ALGORITHM = 'HS256';

export async function signToken(claims: TokenClaims, secret: Uint8Array, ttlSeconds: number): Promise<string> {
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(secret);
}

/*
 * jose verifies an HS256 token through WebCrypto: ~0.4 ms of CPU each time (bench api, 2 cores), paid on every
 * request by the same few tokens. A token that verified once verifies again until it expires (same bytes, same
 * secret), so the claims of recently verified tokens are kept, per secret, and only their expiry is checked
 * again. Revocation is unaffected: the session is still read from the database on every request.
 */
const VERIFIED_CACHE_SIZE = 10_000;
const verified = new WeakMap<Uint8Array, Map<string, TokenClaims & { exp: number }>>();

/** How many times jose actually verified a signature (tests check that repeated calls are served from the cache). */
export const tokenVerifications = { count: 0 };

/** The claims of a valid token, or null for one that is expired, tampered with, or not signed by us with HS256. */
export async function verifyToken(token: string, secret: Uint8Array): Promise<(TokenClaims & { exp: number }) | null> {
  const cache = verified.get(secret) ?? new Map<string, TokenClaims & { exp: number }>();
  verified.set(secret, cache);
  const known = cache.get(token);
  if (known) {
    if (known.exp * 1000 > Date.now()) return { ...known };
    cache.delete(token);
    return null;
  }
  try {
    tokenVerifications.count += 1;
    const { payload } = await jwtVerify(token, secret, { algorithms: [ALGORITHM] });
    // A download token (typ "download") is not a session token.
    if (payload.typ === 'download' || typeof payload.user_id !== 'number' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') return null;
    const claims = payload as unknown as TokenClaims & { exp: number };
    if (cache.size >= VERIFIED_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(token, claims);
    return { ...claims };
  } catch {
    return null;
  }
}
