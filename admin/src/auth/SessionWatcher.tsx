import { useEffect } from 'react';
import { clearSession, getToken, signInUrl, watchBrowserSession } from '@app/api/client';

/** Runs the session rules (re-checks, idle logout) while a signed-in back-office page is open. */
export function SessionWatcher({ groupId }: { groupId: number }) {
  useEffect(() => {
    if (!getToken()) return;
    return watchBrowserSession({
      groupId,
      logout: () => {
        clearSession();
        window.location.assign(signInUrl('backoffice'));
      },
    });
  }, [groupId]);
  return null;
}
