import { useState } from 'react';
import { Button, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { nextReadingStatuses } from '@app/api/rules';
import { useGroupId } from '../../bootstrap/GroupIdContext';
import { canDecideReadings, changeReadingStatus } from './readings-api';

const label = (status: string) => status.charAt(0) + status.slice(1).toLowerCase().replace(/_/g, ' ');

/** One button per status the workflow lets this reading move to (rules/reading-workflow.ts). */
export function ReadingStatusButtons() {
  const reading = useRecordContext<{ id: string | number; status: string }>();
  const groupId = useGroupId();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!reading || !canDecideReadings()) return null;
  const move = async (status: string) => {
    setBusy(true);
    try {
      await changeReadingStatus(groupId, reading.id, status);
      notify(`Reading ${label(status).toLowerCase()}`, { type: 'success' });
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      {nextReadingStatuses(reading.status).map((status) => (
        <Button key={status} label={label(status)} onClick={() => void move(status)} disabled={busy} data-testid={`reading-to-${status}`} />
      ))}
    </>
  );
}
