import { labelFor } from '@app/api/rules';
import { useState } from 'react';
import ReplayIcon from '@mui/icons-material/Replay';
import { Box, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import { Button, Show, TopToolbar, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { useGroupId } from '../../bootstrap/GroupIdContext';
import { canRunBilling, isRunFinished, retryFailedHouses } from './billing-api';
import { SpecTabs } from '../catalogue/SpecTabs';
import { RunStatementsArchiveButton } from './RunStatementsArchiveButton';

interface BillRunRecord {
  id: string | number;
  status: string;
  housesTotal: number;
  housesDone: number;
  housesAlreadyBilled: number;
  housesFailed: number;
  housesRemaining: number;
  finishedAt: string | null;
}

/** Live progress: houses done, already billed, failed and remaining, and a bar until the run finishes. */
export function BillRunProgress() {
  const run = useRecordContext<BillRunRecord>();
  if (!run) return null;
  const total = run.housesTotal || 0;
  const finished = isRunFinished(run);
  const settled = run.housesDone + run.housesAlreadyBilled + run.housesFailed;
  const percent = total ? Math.round((settled / total) * 100) : finished ? 100 : 0;
  return (
    <Box data-testid="bill-run-progress" data-status={run.status} sx={{ px: 2, pt: 2 }}>
      <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center' }}>
        <Typography variant="subtitle1">{finished ? 'Finished' : run.status === 'PENDING' ? 'Waiting to start' : 'Running'}</Typography>
        <Chip size="small" label={labelFor(run.status)} data-value={run.status} color={run.status === 'COMPLETED' ? 'success' : run.status === 'COMPLETED_WITH_FAILURES' ? 'warning' : 'default'} />
      </Stack>
      <LinearProgress variant={finished || total ? 'determinate' : 'indeterminate'} value={percent} aria-label="Bill run progress" />
      <Typography variant="body2" sx={{ mt: 1 }}>
        {`${run.housesDone} done · ${run.housesAlreadyBilled} already billed · ${run.housesFailed} failed · ${run.housesRemaining} remaining · ${total} houses`}
      </Typography>
    </Box>
  );
}

function RetryFailedButton() {
  const run = useRecordContext<BillRunRecord>();
  const groupId = useGroupId();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!run || !canRunBilling()) return null;
  const retry = async () => {
    setBusy(true);
    try {
      const retried = await retryFailedHouses(groupId, run.id);
      notify(`${retried} ${retried === 1 ? 'house' : 'houses'} put back in the queue`, { type: 'info' });
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button label="Retry failed houses" onClick={() => void retry()} disabled={busy || !run.housesFailed}>
      <ReplayIcon />
    </Button>
  );
}

/** A bill run: its progress, refreshed every 3 s until it finishes, the retry action, then the catalogue's fields and houses. */
export function BillRunShow() {
  return (
    <Show
      actions={
        <TopToolbar>
          <RetryFailedButton />
          <RunStatementsArchiveButton />
        </TopToolbar>
      }
      queryOptions={{ refetchInterval: (query) => (isRunFinished(query.state.data as BillRunRecord | undefined) ? false : 3000) }}
    >
      <BillRunProgress />
      <SpecTabs />
    </Show>
  );
}
