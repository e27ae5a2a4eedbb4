import { useEffect, useState, useSyncExternalStore } from 'react';
import { useNotify } from 'react-admin';
import { NotificationStore, type NotificationsSnapshot } from '@app/api/client';
import { LOCAL_NOTIFICATION_AUTO_HIDE_MS } from '@app/api/rules';
import { useGroupId } from '../bootstrap/GroupIdContext';

const IDLE = new NotificationStore({ notifyUrl: null });
const TOAST_TYPE = { SUCCESS: 'success', WARNING: 'warning', ERROR: 'error' } as const;

async function fetchNotifyUrl(): Promise<string | null> {
  const res = await fetch('/api/v2/config', { headers: { Accept: 'application/json' } });
  const body = (await res.json().catch(() => ({}))) as { notifyUrl?: unknown };
  return typeof body.notifyUrl === 'string' ? body.notifyUrl : null;
}

/**
 * The signed-in staff member's notifications over the socket (the store the site uses too). Each pushed one
 * also shows in react-admin's snackbar, hidden after the specification's time for its kind.
 */
export function useNotificationStore(): { store: NotificationStore; snapshot: NotificationsSnapshot } {
  const notify = useNotify();
  const groupId = useGroupId();
  const [store, setStore] = useState(IDLE);
  useEffect(() => {
    let live: NotificationStore | null = null;
    let cancelled = false;
    void fetchNotifyUrl().then((notifyUrl) => {
      if (cancelled) return;
      live = new NotificationStore({
        notifyUrl,
        groupId,
        onShown: (n) => {
          const type: 'success' | 'warning' | 'error' | undefined = TOAST_TYPE[n.notificationType as keyof typeof TOAST_TYPE];
          notify(n.title, { type: type ?? 'info', autoHideDuration: LOCAL_NOTIFICATION_AUTO_HIDE_MS[type ?? 'notification'] ?? null });
        },
      });
      setStore(live);
      live.start();
    });
    return () => {
      cancelled = true;
      live?.stop();
    };
  }, [notify, groupId]);
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return { store, snapshot };
}
