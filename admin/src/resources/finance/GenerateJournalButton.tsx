import { useState } from 'react';
import PostAddIcon from '@mui/icons-material/PostAdd';
import { Alert, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, Button as MuiButton } from '@mui/material';
import { Button, useNotify, useRedirect } from 'react-admin';
import { useGroupId } from '../../bootstrap/GroupIdContext';
import { useDialogAction } from '../useDialogAction';
import { canManageJournals, generateSalesJournal, type Period } from './finance-api';
import { periodReady, PeriodFields } from './PeriodFields';
import { previousMonth } from './previous-month';

/**
 * "Generate journal": the sales journal of a period (one line per tenant statement issued in it); the new
 * journal's page opens. The server's refusal shows under the date it is about (an overlapping journal under
 * From), or above the dates when it names none.
 */
export function GenerateJournalButton() {
  const groupId = useGroupId();
  const notify = useNotify();
  const redirect = useRedirect();
  const { open, setOpen, busy, error, run } = useDialogAction();
  const [period, setPeriod] = useState<Period>(previousMonth);
  if (!canManageJournals()) return null;

  const submit = () =>
    run(async () => {
      const journal = await generateSalesJournal(groupId, period);
      notify(`Sales journal #${journal.id} generated`, { type: 'success' });
      redirect('show', 'SalesJournal', journal.id);
    });
  const fieldErrors = error?.fields ?? {};
  const generalError = error && !fieldErrors.periodStart && !fieldErrors.periodEnd ? error.message : null;
  return (
    <>
      <Button label="Generate journal" onClick={() => setOpen(true)} data-testid="generate-journal">
        <PostAddIcon />
      </Button>
      <Dialog open={open} onClose={() => !busy && setOpen(false)} aria-labelledby="generate-journal-title">
        <DialogTitle id="generate-journal-title">Generate sales journal</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1, minWidth: 340 }}>
            <DialogContentText>One line for each tenant statement issued in the period (dates inclusive).</DialogContentText>
            {generalError && <Alert severity="error">{generalError}</Alert>}
            <PeriodFields value={period} onChange={setPeriod} errors={fieldErrors} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)} disabled={busy}>
            Cancel
          </MuiButton>
          <MuiButton variant="contained" onClick={() => void submit()} disabled={busy || !periodReady(period)}>
            Generate
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}
