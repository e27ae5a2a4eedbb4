import { useState } from 'react';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { TextField } from '@mui/material';
import { useNotify, useRedirect } from 'react-admin';
import { useGroupId } from '../../bootstrap/GroupIdContext';
import { ActionDialog } from '../ActionDialog';
import { useDialogAction } from '../useDialogAction';
import { canRunBilling, startBillRun } from './billing-api';

/** "Start bill run": asks for the period (inclusive dates) and starts a run of the group; opens the new run. */
export function StartBillRunButton() {
  const groupId = useGroupId();
  const notify = useNotify();
  const redirect = useRedirect();
  const action = useDialogAction();
  const [periodStart, setPeriodStart] = useState('');
  const [periodEnd, setPeriodEnd] = useState('');
  if (!canRunBilling()) return null;

  const submit = async () => {
    const id = await startBillRun(groupId, periodStart, periodEnd);
    notify('Bill run started', { type: 'info' });
    redirect('show', 'BillRun', id);
  };
  const invalid = !periodStart || !periodEnd || periodEnd < periodStart;
  return (
    <ActionDialog action={action} label="Start bill run" icon={<PlayArrowIcon />} testId="start-bill-run" title="Start bill run" submitLabel="Start" onSubmit={submit} canSubmit={!invalid} minWidth={320}>
      <TextField type="date" label="Period start" value={periodStart} onChange={(event) => setPeriodStart(event.target.value)} slotProps={{ inputLabel: { shrink: true } }} required />
      <TextField
        type="date"
        label="Period end"
        value={periodEnd}
        onChange={(event) => setPeriodEnd(event.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
        required
        error={Boolean(periodStart && periodEnd && periodEnd < periodStart) || Boolean(action.error)}
        helperText={periodStart && periodEnd && periodEnd < periodStart ? 'The period must end on or after its start' : (action.error?.message ?? ' ')}
      />
    </ActionDialog>
  );
}
