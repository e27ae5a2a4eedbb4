/** Notification rules the site, the back office and the API share (specification §3, §8, §9). */

/** Kinds of local notification (toasts). */
export const LOCAL_NOTIFICATION_KINDS = ['success', 'info', 'infoPersistent', 'notification', 'warning', 'error'] as const;
export type LocalNotificationKind = (typeof LOCAL_NOTIFICATION_KINDS)[number];

/** How long each kind stays on screen; null stays until closed. */
export const LOCAL_NOTIFICATION_AUTO_HIDE_MS: Record<LocalNotificationKind, number | null> = {
  success: 5_000,
  info: 5_000,
  warning: 15_000,
  infoPersistent: null,
  notification: null,
  error: null,
};

export const NOTIFY_RECONNECT_MS = 30_000;
export const NOTIFY_STATUS_PING_MS = 90_000;
export const NOTIFICATION_DRAWER_MAX_HEIGHT = 600;
export const NOTIFICATION_DRAWER_TITLE = 'Notifications';
export const NOTIFICATION_DRAWER_EMPTY = 'You have no notifications';
export const NOTIFY_NOT_READY = 'NotifyProvider has not initialized yet!';

/** The specification's success messages (§8), for toasts after an action. */
export const SUCCESS_MESSAGES = {
  saved: 'Successfully saved',
  deleted: 'Successfully deleted',
  paymentSuccessful: 'Payment successful',
  refundSuccessful: 'Refund successful',
  refundRequestCreated: 'Refund request created',
  bankDetailsSaved: 'Bank details saved',
  contractSaved: 'Contract saved (check utility statuses and tenant schedules)',
  copied: 'Copied',
  referralCodeApplied: 'Referral code applied!',
} as const;

/** A server notification as the socket and getUserNotifications carry it. */
export interface ServerNotificationData {
  id: number;
  title: string;
  message: string;
  createdAt: string;
  type: string | null;
  notificationType: string;
  data: Record<string, unknown> | null;
  read: boolean;
  source: 'server';
  actions: Array<{ key: string; type: string; title: string; action: { link: string; title: string } }>;
}
