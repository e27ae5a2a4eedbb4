import { useEffect } from 'react';
import { SessionWatch } from '@app/api/rules';
import { tokenStillValid } from './authProvider';
import { clearSession, getToken, signInUrl } from '@app/api/client';

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'scroll', 'touchstart', 'mousemove'] as const;

/** Runs the session rules (re-checks, idle logout) while a signed-in back-office page is open. */
export function SessionWatcher({ groupId }: { groupId: number }) {
  useEffect(() => {
    if (!getToken()) return;
    const watch = new SessionWatch({
      check: () => tokenStillValid(groupId),
      logout: () => {
        clearSession();
        window.location.assign(signInUrl('backoffice'));
      },
      clock: { now: () => Date.now(), setTimeout: (cb, ms) => window.setTimeout(cb, ms), clearTimeout: (id) => window.clearTimeout(id as number) },
    });
    watch.start();
    const onActivity = () => watch.activity();
    for (const event of ACTIVITY_EVENTS) window.addEventListener(event, onActivity, { passive: true });
    return () => {
      watch.stop();
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, onActivity);
    };
  }, [groupId]);
  return null;
}
