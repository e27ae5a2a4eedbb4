import { useState } from 'react';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Button as MuiButton } from '@mui/material';
import { Button, useNotify, useRedirect } from 'react-admin';
import { useGroupId } from '../../bootstrap/GroupIdContext';
import { useDialogAction } from '../useDialogAction';
import { canRunBilling, startBillRun } from './billing-api';

/** "Start bill run": asks for the period (inclusive dates) and starts a run of the group; opens the new run. */
export function StartBillRunButton() {
  const groupId = useGroupId();
  const notify = useNotify();
  const redirect = useRedirect();
  const { open, setOpen, busy, error, run } = useDialogAction();
  const [periodStart, setPeriodStart] = useState('');
  const [periodEnd, setPeriodEnd] = useState('');
  if (!canRunBilling()) return null;

  const submit = () =>
    run(async () => {
      const id = await startBillRun(groupId, periodStart, periodEnd);
      notify('Bill run started', { type: 'info' });
      redirect('show', 'BillRun', id);
    });
  const invalid = !periodStart || !periodEnd || periodEnd < periodStart;
  return (
    <>
      <Button label="Start bill run" onClick={() => setOpen(true)}>
        <PlayArrowIcon />
      </Button>
      <Dialog open={open} onClose={() => !busy && setOpen(false)} aria-labelledby="start-bill-run-title">
        <DialogTitle id="start-bill-run-title">Start bill run</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1, minWidth: 320 }}>
            <TextField type="date" label="Period start" value={periodStart} onChange={(event) => setPeriodStart(event.target.value)} slotProps={{ inputLabel: { shrink: true } }} required />
            <TextField
              type="date"
              label="Period end"
              value={periodEnd}
              onChange={(event) => setPeriodEnd(event.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
              required
              error={Boolean(periodStart && periodEnd && periodEnd < periodStart) || Boolean(error)}
              helperText={periodStart && periodEnd && periodEnd < periodStart ? 'The period must end on or after its start' : (error?.message ?? ' ')}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)} disabled={busy}>
            Cancel
          </MuiButton>
          <MuiButton variant="contained" onClick={() => void submit()} disabled={busy || invalid}>
            Start
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}
