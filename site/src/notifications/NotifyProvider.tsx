import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { fetchUnreadNotifications, getToken, markNotificationRead, NotifyClient } from '@app/api/client';
import { LOCAL_NOTIFICATION_AUTO_HIDE_MS, NOTIFY_NOT_READY, type LocalNotificationKind, type ServerNotificationData } from '@app/api/rules';

export interface Toast {
  id: number;
  kind: LocalNotificationKind;
  message: string;
}

export interface Notify {
  /** The user's unread server notifications, newest first. */
  notifications: ServerNotificationData[];
  unreadCount: number;
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

/** Silent (INFO) data messages go to whoever listens for their type, as a window event `notify:<type>`. */
function dispatchSilent(notification: ServerNotificationData): void {
  window.dispatchEvent(new CustomEvent(`notify:${notification.type ?? 'INFO'}`, { detail: notification }));
}

/** A pushed notification also shows as a toast of its weight: success hides by itself, an error stays. */
const TOAST_KIND: Record<string, LocalNotificationKind> = { SUCCESS: 'success', WARNING: 'warning', ERROR: 'error' };

let nextToastId = 1;

/**
 * Server notifications over the socket and local toasts, for a signed-in tenant or agent. The drawer's list
 * starts from getUserNotifications, grows with each pushed notification, and after a reconnect asks for
 * those after the newest it has, so nothing sent while away is missed.
 */
export function NotifyProvider({ signedIn, notifyUrl, children }: { signedIn: boolean; notifyUrl: string | null; children: ReactNode }) {
  const [notifications, setNotifications] = useState<ServerNotificationData[]>([]);
  const [unreadCount, setUnreadCount] = useState(0);
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

  const merge = useCallback((incoming: ServerNotificationData[]) => {
    setNotifications((shown) => {
      const known = new Set(shown.map((n) => n.id));
      const added = incoming.filter((n) => !known.has(n.id) && !n.read && n.notificationType !== 'INFO');
      if (!added.length) return shown;
      return [...added, ...shown].sort((a, b) => b.id - a.id);
    });
  }, []);

  useEffect(() => {
    if (!signedIn) {
      setNotifications([]);
      setUnreadCount(0);
      return;
    }
    let newest = 0;
    const load = async (afterId?: number) => {
      const page = await fetchUnreadNotifications(afterId);
      newest = Math.max(newest, ...page.nodes.map((n) => n.id));
      merge(page.nodes);
      setUnreadCount(page.unreadCount);
    };
    void load();
    if (!notifyUrl) return;
    const client = new NotifyClient(notifyUrl, {
      getToken,
      onNotification: (notification) => {
        newest = Math.max(newest, notification.id);
        if (notification.notificationType === 'INFO') return dispatchSilent(notification);
        merge([notification]);
        setUnreadCount((count) => count + 1);
        toast(TOAST_KIND[notification.notificationType] ?? 'notification', notification.title);
      },
      onReconnected: () => void load(newest),
    });
    client.start();
    return () => client.stop();
  }, [signedIn, notifyUrl, merge, toast]);

  const read = useCallback(async (id: number) => {
    if (await markNotificationRead(id)) {
      setNotifications((shown) => shown.filter((n) => n.id !== id));
      setUnreadCount((count) => Math.max(0, count - 1));
    }
  }, []);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const value = useMemo<Notify>(() => ({ notifications, unreadCount, read, toasts, toast, closeToast }), [notifications, unreadCount, read, toasts, toast, closeToast]);
  return <NotifyContext.Provider value={value}>{children}</NotifyContext.Provider>;
}
