import { getToken, SESSION_ENDED_EVENT, storedSession, type StoredUser } from '@app/api/client';
import type { UserRole } from '@app/api/rules';

export type SessionState = { role: UserRole; user: StoredUser } | null;

let cached: SessionState | undefined;
const listeners = new Set<() => void>();

function read(): SessionState {
  const stored = storedSession();
  return getToken() && stored ? stored : null;
}

/**
 * The signed-in user as an external store for useSyncExternalStore: the prerendered HTML is always
 * signed out (server snapshot null), the browser then reads the cookie and local storage.
 */
export const sessionState = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    const onStorage = () => sessionState.refresh();
    // Signing in or out in another tab changes this one too.
    window.addEventListener('storage', onStorage);
    window.addEventListener(SESSION_ENDED_EVENT, onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
      window.removeEventListener(SESSION_ENDED_EVENT, onStorage);
    };
  },
  getSnapshot: (): SessionState => (cached === undefined ? (cached = read()) : cached),
  getServerSnapshot: (): SessionState => null,
  refresh(): void {
    cached = read();
    for (const listener of listeners) listener();
  },
};
