import type { Notification, NotificationAction } from '@app/db';

/** A notification as the drawer and the socket carry it (specification §3 "Server notification"). */
export interface ServerNotification {
  id: number;
  title: string;
  message: string;
  createdAt: string;
  type: string | null;
  notificationType: string;
  data: Record<string, unknown>;
  read: boolean;
  source: 'server';
  actions: NotificationAction[];
}

export function toServerNotification(row: Notification): ServerNotification {
  return {
    id: Number(row.id),
    title: row.title,
    message: row.message,
    createdAt: new Date(row.createdAt).toISOString(),
    type: row.type,
    notificationType: row.notificationType,
    data: row.data ?? {},
    read: row.read,
    source: 'server',
    actions: row.actions ?? [],
  };
}

/** The socket's one incoming message type (specification §7): the notification as a JSON string. */
export function notificationMessage(notification: ServerNotification): string {
  return JSON.stringify({ type: 'NOTIFICATION', data: JSON.stringify(notification) });
}

/** PostgreSQL channels: a notification committed (payload `id:userId`), sessions revoked (`sid` or `user:id`). */
export const NOTIFICATIONS_CHANNEL = 'user_notifications';
export const SESSIONS_REVOKED_CHANNEL = 'sessions_revoked';
