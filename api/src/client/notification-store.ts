import type { ServerNotificationData } from '../rules/notifications';
import { fetchUnreadNotifications, markNotificationRead } from './notifications-api';
import { NotifyClient } from './notify-client';
import { getToken } from './session-store';

export interface NotificationsSnapshot {
  /** Unread, shown notifications (not the silent INFO ones), newest first. */
  notifications: readonly ServerNotificationData[];
  unreadCount: number;
}

export interface NotificationStoreOptions {
  notifyUrl: string | null;
  /** The back office's group, sent as X-Group-ID like every back-office request. */
  groupId?: number;
  /** Called for each pushed notification the drawer shows (for a toast). */
  onShown?: (notification: ServerNotificationData) => void;
}

const EMPTY: NotificationsSnapshot = { notifications: [], unreadCount: 0 };

/**
 * The signed-in user's server notifications, for the site and the back office alike (an external store for
 * useSyncExternalStore). It starts from getUserNotifications, adds what the socket pushes, and after a
 * reconnect asks for those after the newest it has, so nothing sent while away is missed. Silent INFO
 * messages go to whoever listens for their type, as a window event `notify:<type>`.
 */
export class NotificationStore {
  private snapshot: NotificationsSnapshot = EMPTY;
  private readonly listeners = new Set<() => void>();
  private client: NotifyClient | null = null;
  private newest = 0;

  constructor(private readonly options: NotificationStoreOptions) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): NotificationsSnapshot => this.snapshot;

  start(): void {
    void this.load();
    if (!this.options.notifyUrl) return;
    this.client = new NotifyClient(this.options.notifyUrl, {
      getToken,
      onNotification: (notification) => this.pushed(notification),
      onReconnected: () => void this.load(this.newest),
    });
    this.client.start();
  }

  /** Logout or unmount: the socket is closed normally and the list forgotten. */
  stop(): void {
    this.client?.stop();
    this.client = null;
    this.set(EMPTY);
  }

  /** Marks one read on the server and removes it from the drawer. */
  async read(id: number): Promise<void> {
    if (!(await markNotificationRead(id, this.options.groupId))) return;
    this.set({ notifications: this.snapshot.notifications.filter((n) => n.id !== id), unreadCount: Math.max(0, this.snapshot.unreadCount - 1) });
  }

  private async load(afterId?: number): Promise<void> {
    const page = await fetchUnreadNotifications(afterId, this.options.groupId);
    this.merge(page.nodes, page.unreadCount);
  }

  private pushed(notification: ServerNotificationData): void {
    this.newest = Math.max(this.newest, notification.id);
    if (notification.notificationType === 'INFO') {
      window.dispatchEvent(new CustomEvent(`notify:${notification.type ?? 'INFO'}`, { detail: notification }));
      return;
    }
    if (this.merge([notification], this.snapshot.unreadCount + 1)) this.options.onShown?.(notification);
  }

  /** Adds those not yet known; answers whether any was new. */
  private merge(incoming: readonly ServerNotificationData[], unreadCount: number): boolean {
    this.newest = Math.max(this.newest, ...incoming.map((n) => n.id));
    const known = new Set(this.snapshot.notifications.map((n) => n.id));
    const added = incoming.filter((n) => !known.has(n.id) && !n.read && n.notificationType !== 'INFO');
    this.set({ notifications: [...added, ...this.snapshot.notifications].sort((a, b) => b.id - a.id), unreadCount });
    return added.length > 0;
  }

  private set(snapshot: NotificationsSnapshot): void {
    this.snapshot = snapshot;
    for (const listener of this.listeners) listener();
  }
}
