import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { NotificationStore, type NotificationsSnapshot } from '@app/api/client';
import { LOCAL_NOTIFICATION_AUTO_HIDE_MS, NOTIFY_NOT_READY, type LocalNotificationKind } from '@app/api/rules';

export interface Toast {
  id: number;
  kind: LocalNotificationKind;
  message: string;
}

export interface Notify extends NotificationsSnapshot {
  /** Marks one read on the server and removes it from the drawer. */
  read(id: number): Promise<void>;
  toasts: Toast[];
  /** Shows a local notification; success and info hide after 5 s, warning after 15 s, the others stay. */
  toast(kind: LocalNotificationKind, message: string): void;
  closeToast(id: number): void;
}

const NotifyContext = createContext<Notify | null>(null);

export function useNotify(): Notify {
  const notify = useContext(NotifyContext);
  if (!notify) throw new Error(NOTIFY_NOT_READY);
  return notify;
}

/** A pushed notification also shows as a toast of its weight: success hides by itself, an error stays. */
const TOAST_KIND: Record<string, LocalNotificationKind> = { SUCCESS: 'success', WARNING: 'warning', ERROR: 'error' };
const SIGNED_OUT = new NotificationStore({ notifyUrl: null });
let nextToastId = 1;

/** Server notifications (the shared store over the socket) and local toasts, for a signed-in tenant or agent. */
export function NotifyProvider({ signedIn, notifyUrl, children }: { signedIn: boolean; notifyUrl: string | null; children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const closeToast = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((shown) => shown.filter((t) => t.id !== id));
  }, []);

  const toast = useCallback(
    (kind: LocalNotificationKind, message: string) => {
      const id = nextToastId++;
      setToasts((shown) => [...shown, { id, kind, message }]);
      const hideAfter = LOCAL_NOTIFICATION_AUTO_HIDE_MS[kind];
      if (hideAfter !== null) timers.current.set(id, setTimeout(() => closeToast(id), hideAfter));
    },
    [closeToast],
  );

  const [store, setStore] = useState(SIGNED_OUT);
  useEffect(() => {
    if (!signedIn) return;
    const live = new NotificationStore({ notifyUrl, onShown: (n) => toast(TOAST_KIND[n.notificationType] ?? 'notification', n.title) });
    setStore(live);
    live.start();
    return () => {
      live.stop();
      setStore(SIGNED_OUT);
    };
  }, [signedIn, notifyUrl, toast]);
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const value = useMemo<Notify>(() => ({ ...snapshot, read: (id) => store.read(id), toasts, toast, closeToast }), [snapshot, store, toasts, toast, closeToast]);
  return <NotifyContext.Provider value={value}>{children}</NotifyContext.Provider>;
}
