import ReplayIcon from '@mui/icons-material/Replay';
import MoveUpIcon from '@mui/icons-material/MoveUp';
import { useRecordContext, useTranslate } from 'react-admin';
import { JobActionButton } from './JobActionButton';
import { useCanActOnJobs } from './job-actions';

/** Retry all failed, redrive dead letters: shown only to staff with WRITE on jobs. */
export function QueueActions() {
  const record = useRecordContext<{ id: string; failed: number; deadLetterCount: number }>();
  const translate = useTranslate();
  const canAct = useCanActOnJobs('JobQueue');
  if (!record || !canAct) return null;
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      <JobActionButton action="retryAllFailed" variables={{ queue: record.id }} label={translate('shb.jobs.retry_all_failed')} icon={<ReplayIcon />} disabled={!record.failed} />
      <JobActionButton action="redriveDeadLetters" variables={{ queue: record.id }} label={translate('shb.jobs.redrive')} icon={<MoveUpIcon />} disabled={!record.deadLetterCount} />
    </span>
  );
}
