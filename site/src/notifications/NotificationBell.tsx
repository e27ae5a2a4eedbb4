import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { NOTIFICATION_DRAWER_EMPTY, NOTIFICATION_DRAWER_MAX_HEIGHT, NOTIFICATION_DRAWER_TITLE, type ServerNotificationData } from '@app/api/rules';
import { useNotify } from './NotifyProvider';
import './notifications.css';

const when = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

function Item({ notification, onRead }: { notification: ServerNotificationData; onRead: () => void }) {
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  return (
    <li className="notify-item">
      <button type="button" className="notify-item__title" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen(!open)}>
        <span>{notification.title}</span>
        <time dateTime={notification.createdAt}>{when.format(new Date(notification.createdAt))}</time>
      </button>
      {open && (
        <div id={bodyId} className="notify-item__body">
          <p>{notification.message}</p>
          <div className="notify-item__actions">
            {notification.actions.map((action) => (
              <Link key={action.key} to={action.action.link} className="button button--small" onClick={onRead}>
                {action.title}
              </Link>
            ))}
            <button type="button" className="notify-item__read" onClick={onRead}>
              Mark as read
            </button>
          </div>
        </div>
      )}
    </li>
  );
}

/** The bell with the unread count, and the drawer it opens (specification §2.9). */
export function NotificationBell() {
  const { notifications, unreadCount, read } = useNotify();
  const [open, setOpen] = useState(false);
  const drawerId = useId();
  const wrapper = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: MouseEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('mousedown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  return (
    <div className="notify-bell" ref={wrapper}>
      <button
        type="button"
        className="notify-bell__button"
        aria-expanded={open}
        aria-controls={drawerId}
        aria-label={unreadCount ? `Notifications, ${unreadCount} unread` : 'Notifications'}
        onClick={() => setOpen(!open)}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
          <path fill="currentColor" d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1Z" />
        </svg>
        {unreadCount > 0 && (
          <span className="notify-bell__count" aria-hidden="true">
            {unreadCount > 99 ? '99+' : unreadCount}
          </span>
        )}
      </button>
      {open && (
        <section id={drawerId} className="notify-drawer" aria-label={NOTIFICATION_DRAWER_TITLE} style={{ maxHeight: NOTIFICATION_DRAWER_MAX_HEIGHT }}>
          <h2 className="notify-drawer__title">{NOTIFICATION_DRAWER_TITLE}</h2>
          {notifications.length === 0 ? (
            <p className="notify-drawer__empty">{NOTIFICATION_DRAWER_EMPTY}</p>
          ) : (
            <ul className="notify-drawer__list">
              {notifications.map((notification) => (
                <Item key={notification.id} notification={notification} onRead={() => void read(notification.id)} />
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
