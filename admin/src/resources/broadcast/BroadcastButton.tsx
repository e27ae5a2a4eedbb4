import { useState } from 'react';
import CampaignIcon from '@mui/icons-material/Campaign';
import { MenuItem, TextField } from '@mui/material';
import { useNotify, useRecordContext } from 'react-admin';
import { useGroupId } from '../../bootstrap/GroupIdContext';
import { ActionDialog } from '../ActionDialog';
import { useDialogAction } from '../useDialogAction';
import { broadcastMessage, canBroadcast, type BroadcastMessage } from './broadcast-api';

const KINDS: { value: BroadcastMessage['notificationType']; label: string }[] = [
  { value: 'SUCCESS', label: 'Information' },
  { value: 'WARNING', label: 'Warning' },
  { value: 'ERROR', label: 'Urgent' },
];

const TITLE_MAX = 255;
const MESSAGE_MAX = 2000;

/**
 * "Send message" on a house (to its current tenants) or an agency (to its agents): a notification that
 * arrives in their drawer at once if they are signed in, or the next time they are.
 */
export function BroadcastButton({ to }: { to: 'house' | 'agency' }) {
  const record = useRecordContext<{ id: number | string }>();
  const groupId = useGroupId();
  const notify = useNotify();
  const action = useDialogAction();
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');
  const [kind, setKind] = useState<BroadcastMessage['notificationType']>('SUCCESS');
  if (!record || !canBroadcast()) return null;

  const audience = to === 'house' ? 'the tenants of this house' : 'the agents of this agency';
  const submit = async () => {
    const target = to === 'house' ? { houseId: Number(record.id) } : { agencyId: Number(record.id) };
    const received = await broadcastMessage(groupId, { ...target, title: title.trim(), message: message.trim(), notificationType: kind });
    notify(received === 0 ? `Nobody to send to: ${audience} have no accounts` : `Message sent to ${received} ${received === 1 ? 'person' : 'people'}`, {
      type: received === 0 ? 'warning' : 'success',
    });
    setTitle('');
    setMessage('');
  };
  const fieldError = (field: string) => action.error?.fields[field];
  return (
    <ActionDialog
      action={action}
      label="Send message"
      icon={<CampaignIcon />}
      testId="broadcast-message"
      title={`Send a message to ${audience}`}
      submitLabel="Send"
      onSubmit={submit}
      canSubmit={title.trim() !== '' && message.trim() !== '' && title.length <= TITLE_MAX && message.length <= MESSAGE_MAX}
      minWidth={420}
    >
      <TextField
        label="Title"
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        required
        slotProps={{ htmlInput: { maxLength: TITLE_MAX } }}
        error={Boolean(fieldError('title'))}
        helperText={fieldError('title')}
      />
      <TextField
        label="Message"
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        required
        multiline
        minRows={3}
        slotProps={{ htmlInput: { maxLength: MESSAGE_MAX } }}
        error={Boolean(fieldError('message') ?? (action.error && !fieldError('title')))}
        helperText={fieldError('message') ?? (action.error && !fieldError('title') ? action.error.message : `${message.length} of ${MESSAGE_MAX} characters`)}
      />
      <TextField select label="Shown as" value={kind} onChange={(event) => setKind(event.target.value as BroadcastMessage['notificationType'])}>
        {KINDS.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
    </ActionDialog>
  );
}
