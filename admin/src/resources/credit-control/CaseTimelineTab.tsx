import { useEffect, useState } from 'react';
import { Alert, Chip, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { useGroupId } from '../../bootstrap/GroupIdContext';
import { formatDateTime } from '../catalogue/format';
import { loadTimeline, type TimelineEvent } from './credit-control-api';

const KIND_WORDS: Record<TimelineEvent['kind'], string> = { MESSAGE: 'Message', PAYMENT: 'Payment', CHANGE: 'Change' };
const KIND_COLOURS: Record<TimelineEvent['kind'], 'primary' | 'success' | 'default'> = { MESSAGE: 'primary', PAYMENT: 'success', CHANGE: 'default' };

/** A case's timeline, newest first: each message of the ladder (or why none went), each payment, each change and who made it. */
export function CaseTimelineTab() {
  const record = useRecordContext<{ id: number | string }>();
  const groupId = useGroupId();
  const [events, setEvents] = useState<TimelineEvent[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const id = record ? String(record.id) : null;
  useEffect(() => {
    if (id) loadTimeline(groupId, id).then(setEvents, (error: unknown) => setFailure(error instanceof Error ? error.message : String(error)));
  }, [groupId, id]);
  if (failure) return <Alert severity="error">{failure}</Alert>;
  if (!events) return <Typography sx={{ p: 2 }}>Loading the timeline…</Typography>;
  if (events.length === 0) return <Typography sx={{ p: 2 }}>Nothing has happened on this case yet.</Typography>;
  return (
    <List data-testid="case-timeline" sx={{ width: '100%', minWidth: 0 }}>
      {events.map((event, index) => (
        <ListItem key={index} divider alignItems="flex-start" sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Chip size="small" color={KIND_COLOURS[event.kind]} label={KIND_WORDS[event.kind]} />
          <ListItemText primary={event.text} secondary={`${formatDateTime(event.at)} · ${event.by}`} sx={{ minWidth: 0, wordBreak: 'break-word' }} />
        </ListItem>
      ))}
    </List>
  );
}
