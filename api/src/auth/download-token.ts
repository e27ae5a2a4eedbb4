import { jwtVerify, SignJWT } from 'jose';

/**
 * A download token (issue 13, finding 9): what a download link carries in its `jwt` query parameter instead of
 * the 12-hour session token, which would land in logs and browser history. Signed with the session key, bound to
 * one file (the link's path) and one user's session, valid 5 minutes. Session tokens are refused in links.
 */
export const DOWNLOAD_TOKEN_TTL_SECONDS = 300;
const TYPE = 'download';

/** The links that take a download token; anything else is refused when a token is asked for. */
const DOWNLOAD_PATHS = [
  /^\/api\/v2\/bills\/[1-9]\d{0,15}\/pdf$/,
  /^\/api\/v2\/exports\/[0-9a-f-]{36}\/download$/i,
  /^\/api\/v2\/usage-reports\/[0-9a-f-]{1,36}\/download$/i,
  /^\/api\/v2\/tenant-area\/bills\/[1-9]\d{0,15}\/pdf$/,
  /^\/api\/v2\/uploads\/upload-readings\/[1-9]\d{0,15}\/rejected-rows$/,
  /^\/api\/v2\/uploads\/import\/[1-9]\d{0,15}\/rejected-rows$/,
  /^\/api\/v2\/uploads\/files\/[1-9]\d{0,15}$/,
  /^\/api\/v2\/direct-debit\/submissions\/[1-9]\d{0,15}\/file$/,
];

export const isDownloadPath = (path: string): boolean => DOWNLOAD_PATHS.some((pattern) => pattern.test(path));

export async function signDownloadToken(secret: Uint8Array, claims: { userId: number; sessionId: string; path: string }): Promise<string> {
  return new SignJWT({ typ: TYPE, user_id: claims.userId, sid: claims.sessionId, path: claims.path })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + DOWNLOAD_TOKEN_TTL_SECONDS)
    .sign(secret);
}

/** The user and session of a valid, unexpired download token for exactly this path; null otherwise. */
export async function verifyDownloadToken(token: string, secret: Uint8Array, path: string): Promise<{ user_id: number; sid: string } | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
    if (payload.typ !== TYPE || payload.path !== path || typeof payload.user_id !== 'number' || typeof payload.sid !== 'string') return null;
    return { user_id: payload.user_id, sid: payload.sid };
  } catch {
    return null;
  }
}
