import { createContext, useCallback, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { clearSession, getToken, graphqlRequest, storeSession, watchBrowserSession, type StoredUser } from '@app/api/client';
import type { UserRole } from '@app/api/rules';
import { MenuSessionContext, type MenuSession } from '../ui/menu-session';
import { sessionState } from './session-state';
import { useTenantMenuFacts } from './tenant-menu-facts';

export interface Session {
  role: UserRole | null;
  user: StoredUser | null;
  /** Stores a successful sign-in (token cookie, role, user). */
  signedIn(token: string, role: UserRole, user: StoredUser): void;
  /** Clears token, role, user, options and selected agency, tells the server, and goes to "/". */
  logout(): void;
}

const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession() outside <SessionProvider>');
  return session;
}

/**
 * The tenant-side and agent session of the site: read from the cookie at load (then checked with the
 * server), kept honest by the session rules (30-minute and activity re-checks, 3-hour idle logout).
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const stored = useSyncExternalStore(sessionState.subscribe, sessionState.getSnapshot, sessionState.getServerSnapshot);
  const state = useMemo(() => ({ role: stored?.role ?? null, user: stored?.user ?? null }), [stored]);

  const signedOut = useCallback(() => {
    clearSession();
    sessionState.refresh();
  }, []);

  const logout = useCallback(() => {
    const token = getToken();
    // Tell the server (so the token is revoked), then leave: the store is not refreshed first, or a
    // protected page would react to the signed-out state by sending the user to sign in instead of "/".
    const revoked = token ? graphqlRequest('mutation { logout }').catch(() => undefined) : Promise.resolve();
    clearSession();
    void revoked.finally(() => window.location.assign('/'));
  }, []);

  useEffect(() => {
    if (!state.role) return;
    // A token check runs as soon as a stored session is found (specification §4).
    return watchBrowserSession({ logout: signedOut, checkNow: true });
  }, [state.role, signedOut]);

  const session = useMemo<Session>(
    () => ({
      ...state,
      signedIn(token, role, user) {
        storeSession(token, role, user);
        sessionState.refresh();
      },
      logout,
    }),
    [state, logout],
  );

  // Which tenant menu items show comes from the server's getUserContracts answer, not from guesses.
  const facts = useTenantMenuFacts(state.role, state.user?.id ?? null);
  const menuSession = useMemo<MenuSession | null>(
    () =>
      state.role === 'front' || state.role === 'bill-payer' || state.role === 'agent'
        ? { role: state.role, logout, isEnergyBillUser: facts.isEnergyBillUser, hasEnergyUseContracts: facts.hasEnergyUseContracts }
        : null,
    [state.role, logout, facts.isEnergyBillUser, facts.hasEnergyUseContracts],
  );

  return (
    <SessionContext.Provider value={session}>
      <MenuSessionContext.Provider value={menuSession}>{children}</MenuSessionContext.Provider>
    </SessionContext.Provider>
  );
}
