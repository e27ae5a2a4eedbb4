import { SessionWatch } from '../rules';
import { graphqlRequest } from './graphql-request';

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'scroll', 'touchstart', 'mousemove'] as const;

/** Asks the server who the token belongs to (checkAuth); an empty or failed answer means signed out. */
export async function tokenStillValid(groupId?: number): Promise<boolean> {
  const answer = await graphqlRequest<{ checkAuth: unknown[] }>('{ checkAuth }', {}, groupId);
  return answer.status === 200 && Array.isArray(answer.data?.checkAuth) && answer.data.checkAuth.length > 0;
}

/**
 * Runs the session rules in this browser window (re-checks, idle logout, activity tracking) until the
 * returned function is called. `checkNow` runs a check at once, as on load with a stored token.
 */
export function watchBrowserSession({ logout, groupId, checkNow = false }: { logout(): void; groupId?: number; checkNow?: boolean }): () => void {
  const watch = new SessionWatch({
    check: () => tokenStillValid(groupId),
    logout,
    clock: { now: () => Date.now(), setTimeout: (cb, ms) => window.setTimeout(cb, ms), clearTimeout: (id) => window.clearTimeout(id as number) },
  });
  watch.start();
  if (checkNow) void watch.check();
  const onActivity = () => watch.activity();
  for (const event of ACTIVITY_EVENTS) window.addEventListener(event, onActivity, { passive: true });
  return () => {
    watch.stop();
    for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, onActivity);
  };
}
