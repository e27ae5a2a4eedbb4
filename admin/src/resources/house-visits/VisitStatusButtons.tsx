import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { HOUSE_VISIT_RESULTS, londonDate, nextVisitStatuses, VISIT_ACTION_LABELS, VISIT_STATUSES_WITH_RESULT, labelFor, type VisitStatus } from '@app/api/rules';
import { useNotify, useRecordContext, useRefresh } from 'react-admin';
import { useGroupId } from '../../bootstrap/GroupIdContext';
import { useDialogAction } from '../useDialogAction';
import { canWorkVisits, moveVisit } from './visits-api';

interface Visit {
  id: string | number;
  status: string;
  completionResult?: string | null;
  completedDate?: string | null;
  notes?: string | null;
}

/** The look of each move's button: the forward moves stand out, cancelling warns. */
const MOVE_STYLE: Readonly<Record<VisitStatus, { variant: 'contained' | 'outlined' | 'text'; color: 'primary' | 'warning' | 'inherit' }>> = {
  REVIEW: { variant: 'contained', color: 'primary' },
  COMPLETE: { variant: 'contained', color: 'primary' },
  PENDING: { variant: 'outlined', color: 'primary' },
  CANCELLED: { variant: 'outlined', color: 'warning' },
};

/**
 * One move of the workflow: a button with its verb in words (a phone shows it too, not an icon alone) opening a
 * dialog that asks what the move needs: the result and date of the visit to report or complete it, a note.
 */
function MoveButton({ visit, to }: { visit: Visit; to: VisitStatus }) {
  const { open, setOpen, busy, error, run } = useDialogAction();
  const groupId = useGroupId();
  const notify = useNotify();
  const refresh = useRefresh();
  const needsResult = VISIT_STATUSES_WITH_RESULT.includes(to);
  const [result, setResult] = useState(visit.completionResult ?? '');
  const [date, setDate] = useState(visit.completedDate ?? londonDate(new Date()));
  const [notes, setNotes] = useState(visit.notes ?? '');
  const label = VISIT_ACTION_LABELS[to];
  const titleId = `visit-to-${to}-title`;
  const submit = async () => {
    await moveVisit(groupId, visit.id, { status: to, notes: notes || null, ...(needsResult ? { completionResult: result || null, completedDate: date || null } : {}) });
    notify(`Visit ${labelFor(to).toLowerCase()}`, { type: 'success' });
    refresh();
  };
  return (
    <>
      <Button size="small" {...MOVE_STYLE[to]} onClick={() => setOpen(true)} data-testid={`visit-to-${to}`}>
        {label}
      </Button>
      <Dialog open={open} onClose={() => !busy && setOpen(false)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{`${label}: ${labelFor(visit.status)} → ${labelFor(to)}`}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1, minWidth: { sm: 400 } }}>
            {needsResult && (
              <>
                <TextField select required label="Completion result" value={result} onChange={(event) => setResult(event.target.value)} error={Boolean(error?.fields.completionResult)} helperText={error?.fields.completionResult ?? 'What happened at the house'}>
                  {HOUSE_VISIT_RESULTS.map((value) => (
                    <MenuItem key={value} value={value}>
                      {labelFor(value, HOUSE_VISIT_RESULTS)}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField required type="date" label="Date of the visit" value={date} onChange={(event) => setDate(event.target.value)} slotProps={{ inputLabel: { shrink: true } }} error={Boolean(error?.fields.completedDate)} helperText={error?.fields.completedDate} />
              </>
            )}
            <TextField multiline minRows={2} label="Notes" value={notes} onChange={(event) => setNotes(event.target.value)} error={Boolean(error?.fields.notes)} helperText={error?.fields.notes} />
            {error && <Alert severity="error">{error.message}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={busy}>
            Back
          </Button>
          <Button variant="contained" color={to === 'CANCELLED' ? 'warning' : 'primary'} onClick={() => void run(submit)} disabled={busy || (needsResult && !(result && date))}>
            {label}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** A button for each move the visit workflow allows from the visit's status (nothing once it is finished). */
export function VisitStatusButtons() {
  const visit = useRecordContext<Visit>();
  if (!visit || !canWorkVisits()) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
      {nextVisitStatuses(visit.status).map((status) => (
        <MoveButton key={status} visit={visit} to={status} />
      ))}
    </Stack>
  );
}
