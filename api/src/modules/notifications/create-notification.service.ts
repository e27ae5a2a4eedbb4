import { Notification, type Knex, type NotificationAction } from '@app/db';
import { NOTIFICATIONS_CHANNEL } from './server-notification';

export interface NewNotification {
  userId: number;
  title: string;
  message: string;
  /** SUCCESS, WARNING, ERROR are shown in the drawer; INFO is a silent data message for the handler `type`. */
  notificationType?: 'INFO' | 'SUCCESS' | 'WARNING' | 'ERROR';
  type?: string | null;
  data?: Record<string, unknown>;
  /** A goToPage button: where it leads and what it says. */
  goToPage?: { link: string; title: string };
}

function actionsOf(input: NewNotification): NotificationAction[] {
  if (!input.goToPage) return [];
  return [{ key: 'goToPage', type: 'goToPage', title: input.goToPage.title, action: input.goToPage }];
}

/**
 * Stores notifications inside the caller's transaction and announces them with NOTIFY, which PostgreSQL
 * delivers only when that transaction commits: every API process hears it and pushes the row to its own
 * sockets of the user. A rolled-back change notifies nobody; a user who is away reads the row on return.
 */
export async function createNotifications(trx: Knex, inputs: readonly NewNotification[]): Promise<number[]> {
  if (!inputs.length) return [];
  const rows = await Notification.query(trx).insert(
    inputs.map((input) => ({
      userId: input.userId,
      title: input.title,
      message: input.message,
      notificationType: input.notificationType ?? 'SUCCESS',
      type: input.type ?? null,
      data: input.data ?? {},
      actions: actionsOf(input),
    })),
  );
  const ids = rows.map((row) => Number(row.id));
  await trx.raw(`SELECT pg_notify(?, payload) FROM unnest(?::text[]) AS payload`, [NOTIFICATIONS_CHANNEL, rows.map((row) => `${row.id}:${row.userId}`)]);
  return ids;
}

export async function createNotification(trx: Knex, input: NewNotification): Promise<number> {
  const [id] = await createNotifications(trx, [input]);
  return id!;
}
