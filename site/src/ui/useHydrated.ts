import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False in the prerendered HTML and while React hydrates it, true once the page's handlers are attached.
 * Forms stay disabled until then: a click on a prerendered form would otherwise submit it natively, as a
 * GET that puts the typed e-mail and password in the address bar and the server's logs.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
