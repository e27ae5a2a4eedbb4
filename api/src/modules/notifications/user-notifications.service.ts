import { Notification, type Knex } from '@app/db';
import { DomainError } from '../../errors/domain-error';
import { toServerNotification, type ServerNotification } from './server-notification';

export interface NotificationsPage {
  nodes: ServerNotification[];
  /** How many match the query (for paging). */
  totalCount: number;
  /** All the user's unread ones, whatever the query: the bell's count. */
  unreadCount: number;
}

export interface NotificationsQuery {
  /** Only those after this id: what a client missed while its socket was away. */
  afterId?: number | null;
  /** Include those already read (the drawer shows unread ones only). */
  includeRead?: boolean | null;
  limit?: number | null;
  offset?: number | null;
}

const MAX_PAGE = 100;

/** The caller's own notifications, unread first then newest first, a page at a time. */
export async function listUserNotifications(db: Knex, userId: number, query: NotificationsQuery = {}): Promise<NotificationsPage> {
  const limit = query.limit ?? 50;
  const offset = query.offset ?? 0;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE) throw DomainError.invalid([{ field: 'limit', rule: 'range', message: `Limit must be between 1 and ${MAX_PAGE}` }]);
  if (!Number.isInteger(offset) || offset < 0 || offset > 1_000_000) throw DomainError.invalid([{ field: 'offset', rule: 'range', message: 'Offset must be between 0 and 1000000' }]);
  if (query.afterId != null && (!Number.isSafeInteger(query.afterId) || query.afterId < 0)) throw DomainError.invalid([{ field: 'afterId', rule: 'integer', message: 'After id must be a whole number' }]);

  const mine = () => Notification.query(db).where('user_id', userId);
  const listed = () => {
    const q = mine();
    if (query.afterId != null) q.where('id', '>', query.afterId);
    return query.includeRead ? q : q.where('read', false);
  };
  const [rows, total, unread] = await Promise.all([
    listed().orderBy([{ column: 'read' }, { column: 'id', order: 'desc' }]).limit(limit).offset(offset),
    listed().resultSize(),
    mine().where('read', false).resultSize(),
  ]);
  return { nodes: rows.map(toServerNotification), totalCount: total, unreadCount: unread };
}

/**
 * Marks one of the caller's notifications read and returns its id. Someone else's notification answers
 * as one that does not exist, so ids reveal nothing. Reading twice is harmless.
 */
export async function readUserNotification(db: Knex, userId: number, notificationId: number): Promise<number> {
  if (!Number.isSafeInteger(notificationId) || notificationId < 1) throw DomainError.invalid([{ field: 'notificationId', rule: 'integer', message: 'Notification id must be a whole number' }]);
  const updated = await Notification.query(db)
    .patch({ read: true, readAt: new Date() })
    .where({ id: notificationId, user_id: userId, read: false });
  if (!updated && !(await Notification.query(db).findOne({ id: notificationId, user_id: userId }))) {
    throw new DomainError('NOT_FOUND', 'Notification not found');
  }
  return notificationId;
}
