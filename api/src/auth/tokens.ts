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

/** The claims of a valid token, or null for one that is expired, tampered with, or not signed by us with HS256. */
export async function verifyToken(token: string, secret: Uint8Array): Promise<(TokenClaims & { exp: number }) | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: [ALGORITHM] });
    // A download token (typ "download") is not a session token.
    if (payload.typ === 'download' || typeof payload.user_id !== 'number' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') return null;
    return payload as unknown as TokenClaims & { exp: number };
  } catch {
    return null;
  }
}
