import { backoffice, SIGNED_IN, type Access } from '../../auth/access';
import type { GraphQLModule } from '../../graphql/graphql-module';
import type { Resolver, ResolverMap } from '../../graphql/schema';
import { requireGroup } from '../records/record-scope';
import { resourceSpec } from '../../rules/catalogue';
import { broadcastNotification, type BroadcastInput } from './broadcast-notification.service';
import { listUserNotifications, readUserNotification, type NotificationsQuery } from './user-notifications.service';

/*
 * The notification drawer's calls (specification §7): every signed-in user — tenant, agent or staff — reads
 * and marks only their own. New ones arrive on the socket (/api/v2/notify); after a reconnect the client asks
 * here for those after the last id it saw. Staff may also broadcast a message to a house or an agency.
 */
const typeDefs = /* GraphQL */ `
  "Where a notification's button leads"
  type NotificationLink {
    link: String!
    title: String!
  }
  "A button on a notification; goToPage is the only type"
  type NotificationAction {
    key: String!
    type: String!
    title: String!
    action: NotificationLink!
  }
  type ServerNotification {
    id: Int!
    title: String!
    message: String!
    createdAt: String!
    "Handler of a silent (INFO) data message"
    type: String
    "INFO (silent data message), SUCCESS, WARNING or ERROR"
    notificationType: String!
    data: JSON
    read: Boolean!
    "Always server"
    source: String!
    actions: [NotificationAction!]!
  }
  type ServerNotificationNodes {
    nodes: [ServerNotification!]!
    totalCount: Int!
    unreadCount: Int!
  }
  type UserNotifications {
    records: ServerNotificationNodes!
  }
  input UserNotificationsInput {
    "Only those after this id (what was missed while the socket was away)"
    afterId: Int
    "Include those already read"
    includeRead: Boolean
    "1–100, default 50"
    limit: Int
    offset: Int
  }
  input ReadUserNotificationInput {
    notificationId: Int!
  }
  input BroadcastNotificationInput {
    "A house of the X-Group-ID group: its current tenants receive it"
    houseId: Int
    "An agency of the X-Group-ID group: its agents receive it"
    agencyId: Int
    title: String!
    message: String!
    "SUCCESS (default), WARNING or ERROR"
    notificationType: String
  }
  extend type Query {
    "The caller's own notifications, unread first"
    getUserNotifications(input: UserNotificationsInput): UserNotifications!
  }
  extend type Mutation {
    "Marks one of the caller's notifications read; returns its id"
    readUserNotification(input: ReadUserNotificationInput!): Int!
    "Sends a message to the tenants of a house or the agents of an agency; returns how many received it"
    broadcastNotification(input: BroadcastNotificationInput!): Int!
  }
`;

const resolvers: ResolverMap = {
  Query: {
    getUserNotifications: (async (_p, { input }, { db, user }) => ({ records: await listUserNotifications(db, user!.id, input ?? {}) })) satisfies Resolver<{
      input?: NotificationsQuery | null;
    }>,
  },
  Mutation: {
    readUserNotification: ((_p, { input }, { db, user }) => readUserNotification(db, user!.id, input.notificationId)) satisfies Resolver<{ input: { notificationId: number } }>,
    broadcastNotification: ((_p, { input }, { db, groupId }) => broadcastNotification(db, requireGroup(resourceSpec('Notification'), groupId), input)) satisfies Resolver<{
      input: BroadcastInput;
    }>,
  },
};

const access: Record<string, Access> = {
  'Query.getUserNotifications': SIGNED_IN,
  'Mutation.readUserNotification': SIGNED_IN,
  'Mutation.broadcastNotification': backoffice('customers', 'WRITE'),
};

export const notificationsModule: GraphQLModule = { typeDefs, resolvers, access };
