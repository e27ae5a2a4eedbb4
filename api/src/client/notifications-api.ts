import type { ServerNotificationData } from '../rules/notifications';
import { graphqlRequest } from './graphql-request';

const FIELDS = 'id title message createdAt type notificationType data read source actions { key type title action { link title } }';
const GET = `query ($input: UserNotificationsInput) { getUserNotifications(input: $input) { records { unreadCount nodes { ${FIELDS} } } } }`;
const READ = `mutation ($id: Int!) { readUserNotification(input: { notificationId: $id }) }`;

export interface UnreadNotifications {
  nodes: ServerNotificationData[];
  unreadCount: number;
}

/** The signed-in user's unread notifications (newest first), optionally only those after an id (the back office sends its group). */
export async function fetchUnreadNotifications(afterId?: number, groupId?: number): Promise<UnreadNotifications> {
  const answer = await graphqlRequest<{ getUserNotifications: { records: UnreadNotifications } }>(GET, { input: { limit: 100, ...(afterId ? { afterId } : {}) } }, groupId);
  return answer.data?.getUserNotifications.records ?? { nodes: [], unreadCount: 0 };
}

export async function markNotificationRead(id: number, groupId?: number): Promise<boolean> {
  const answer = await graphqlRequest<{ readUserNotification: number }>(READ, { id }, groupId);
  return answer.data?.readUserNotification === id;
}
