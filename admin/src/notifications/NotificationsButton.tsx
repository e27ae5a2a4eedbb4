import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { NOTIFICATION_DRAWER_EMPTY, NOTIFICATION_DRAWER_MAX_HEIGHT, NOTIFICATION_DRAWER_TITLE, type ServerNotificationData } from '@app/api/rules';
import { useGroupId } from '../bootstrap/GroupIdContext';
import { useNotificationStore } from './useNotificationStore';

const when = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

/** A link of this group's back office is followed inside the app (its routes carry /admin/{group}); any other opens as a page. */
function useFollow(): (link: string) => void {
  const navigate = useNavigate();
  const groupId = useGroupId();
  const prefix = `/admin/${groupId}`;
  return (link) => (link.startsWith(`${prefix}/`) ? navigate(link) : window.location.assign(link));
}

function Item({ notification, onRead, onFollow }: { notification: ServerNotificationData; onRead: () => void; onFollow: (link: string) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <ListItem disablePadding sx={{ display: 'block', borderBottom: 1, borderColor: 'divider' }}>
      <ListItemButton aria-expanded={open} onClick={() => setOpen(!open)}>
        <ListItemText primary={notification.title} secondary={when.format(new Date(notification.createdAt))} />
      </ListItemButton>
      <Collapse in={open} unmountOnExit>
        <Box sx={{ px: 2, pb: 1.5 }}>
          <Typography variant="body2" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
            {notification.message}
          </Typography>
          {notification.actions.map((action) => (
            <Button
              key={action.key}
              size="small"
              variant="contained"
              sx={{ mr: 1 }}
              onClick={() => {
                onRead();
                onFollow(action.action.link);
              }}
            >
              {action.title}
            </Button>
          ))}
          <Button size="small" onClick={onRead}>
            Mark as read
          </Button>
        </Box>
      </Collapse>
    </ListItem>
  );
}

/** The bell in the back office's top bar with the unread count, and the drawer it opens (specification §2.9). */
export function NotificationsButton() {
  const { store, snapshot } = useNotificationStore();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const follow = useFollow();
  const { notifications, unreadCount } = snapshot;
  return (
    <>
      <IconButton color="inherit" aria-label={unreadCount ? `Notifications, ${unreadCount} unread` : 'Notifications'} onClick={(event) => setAnchor(event.currentTarget)}>
        {/* No badge text at all when nothing is unread: a hidden "0" would not match the button's name. */}
        <Badge badgeContent={unreadCount || undefined} invisible={!unreadCount} color="error" max={99}>
          <NotificationsIcon />
        </Badge>
      </IconButton>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 'min(24rem, calc(100vw - 2rem))', maxHeight: NOTIFICATION_DRAWER_MAX_HEIGHT }, role: 'region', 'aria-label': NOTIFICATION_DRAWER_TITLE } }}
      >
        <Typography variant="h6" component="h2" sx={{ px: 2, pt: 1.5 }}>
          {NOTIFICATION_DRAWER_TITLE}
        </Typography>
        {notifications.length === 0 ? (
          <Typography sx={{ px: 2, py: 1.5 }}>{NOTIFICATION_DRAWER_EMPTY}</Typography>
        ) : (
          <List dense>
            {notifications.map((notification) => (
              <Item
                key={notification.id}
                notification={notification}
                onRead={() => void store.read(notification.id)}
                onFollow={(link) => {
                  setAnchor(null);
                  follow(link);
                }}
              />
            ))}
          </List>
        )}
      </Popover>
    </>
  );
}
