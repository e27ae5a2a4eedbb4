import { isTokenExpired, readCookie, readTokenClaims, SIGN_IN_ROUTE, TOKEN_COOKIE, tokenCookie, type UserPermissions, type UserRole } from '../rules';

/**
 * The browser session of the site and the back office: the token in a cookie (specification §4), the role
 * and user beside it in local storage. Browser-only code, shared through `@app/api/client`.
 */
export interface StoredUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
}

const SESSION_KEY = 'session';

export function getToken(): string | null {
  const token = readCookie(document.cookie, TOKEN_COOKIE);
  return token && !isTokenExpired(readTokenClaims(token), Date.now()) ? token : null;
}

export function storeSession(token: string, role: string, user: StoredUser): void {
  const claims = readTokenClaims(token);
  const maxAgeSeconds = claims ? claims.exp - Date.now() / 1000 : 0;
  document.cookie = tokenCookie(token, { maxAgeSeconds, secure: location.protocol === 'https:' });
  localStorage.setItem(SESSION_KEY, JSON.stringify({ role, user }));
}

/** Logout clears the token, role, user, options and selected agency. */
export function clearSession(): void {
  document.cookie = tokenCookie('', { maxAgeSeconds: 0, secure: location.protocol === 'https:' });
  localStorage.removeItem(SESSION_KEY);
  localStorage.removeItem('selectedAgency');
}

export function storedSession(): { role: UserRole; user: StoredUser } | null {
  try {
    return JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null');
  } catch {
    return null;
  }
}

export function tokenPermissions(): UserPermissions | null {
  return (readTokenClaims(getToken())?.options?.user_permissions as UserPermissions | undefined) ?? null;
}

/** The role's sign-in page (specification §2.4), remembering where to come back to. */
export function signInUrl(role: UserRole | 'backoffice', returnTo: string = location.pathname + location.search): string {
  return `${SIGN_IN_ROUTE[role]}?redirect=${encodeURIComponent(returnTo)}`;
}
