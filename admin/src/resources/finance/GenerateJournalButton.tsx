import { useState } from 'react';
import PostAddIcon from '@mui/icons-material/PostAdd';
import { Alert, DialogContentText } from '@mui/material';
import { useNotify, useRedirect } from 'react-admin';
import { useGroupId } from '../../bootstrap/GroupIdContext';
import { ActionDialog } from '../ActionDialog';
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
  const action = useDialogAction();
  const [period, setPeriod] = useState<Period>(previousMonth);
  if (!canManageJournals()) return null;

  const submit = async () => {
    const journal = await generateSalesJournal(groupId, period);
    notify(`Sales journal #${journal.id} generated`, { type: 'success' });
    redirect('show', 'SalesJournal', journal.id);
  };
  const fieldErrors = action.error?.fields ?? {};
  const generalError = action.error && !fieldErrors.periodStart && !fieldErrors.periodEnd ? action.error.message : null;
  return (
    <ActionDialog
      action={action}
      label="Generate journal"
      icon={<PostAddIcon />}
      testId="generate-journal"
      title="Generate sales journal"
      submitLabel="Generate"
      onSubmit={submit}
      canSubmit={periodReady(period)}
      minWidth={340}
    >
      <DialogContentText>One line for each tenant statement issued in the period (dates inclusive).</DialogContentText>
      {generalError && <Alert severity="error">{generalError}</Alert>}
      <PeriodFields value={period} onChange={setPeriod} errors={fieldErrors} />
    </ActionDialog>
  );
}
