import type { AuthProvider } from 'react-admin';
import { clearSession, getToken, graphqlRequest, signInUrl, storedSession, tokenPermissions } from '@app/api/client';
import { canAccessResource } from './resource-access';

const BACKOFFICE_ROLES = ['backoffice', 'partner'];

let leaving = false;

function leaveForSignIn(): Promise<never> {
  // Several checks can fail at once (checkAuth, then each failed query): navigate only once.
  if (!leaving) {
    leaving = true;
    const target = signInUrl('backoffice');
    clearSession();
    window.location.assign(target);
  }
  // react-admin must not redirect on its own: the browser is already leaving for /admin-signin.
  return Promise.reject({ redirectTo: false, message: false });
}

/** react-admin's view of the session: the token cookie, checked with the server's checkAuth. */
export function createAuthProvider(groupId: number): AuthProvider {
  return {
    // Signing in happens on /admin-signin (outside react-admin), which stores the session.
    login: () => Promise.reject(new Error('Sign in on /admin-signin')),
    async logout() {
      if (getToken()) await graphqlRequest('mutation { logout }', {}, groupId).catch(() => undefined);
      clearSession();
      // react-admin also logs out after a failed check: the browser is then already on its way to sign in.
      if (!leaving) window.location.assign('/admin-signin');
      return false;
    },
    async checkAuth() {
      const session = storedSession();
      if (!getToken() || !session || !BACKOFFICE_ROLES.includes(session.role)) return leaveForSignIn();
    },
    async checkError(error: { status?: number; networkError?: { statusCode?: number } }) {
      const status = error?.status ?? error?.networkError?.statusCode;
      // A 401 (no valid session) signs the user out and sends them to sign in, remembering the page. A 403 only
      // refuses that one call ("You do not have access to this", from the data provider): signing out a user
      // who is signed in would not let them in anywhere else, and lost their place (issue 13).
      if (status === 401) return leaveForSignIn();
    },
    async getIdentity() {
      const user = storedSession()?.user;
      if (!user) throw new Error('Not signed in');
      return { id: user.id, fullName: `${user.firstName} ${user.lastName}`.trim() || user.email };
    },
    getPermissions: async () => tokenPermissions(),
    canAccess: async ({ resource, action }) => canAccessResource(tokenPermissions(), resource, action),
  };
}
