import CancelIcon from '@mui/icons-material/Cancel';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import ReplayIcon from '@mui/icons-material/Replay';
import { Box, LinearProgress, Typography } from '@mui/material';
import { DateField, Labeled, NumberField, Show, SimpleShowLayout, TextField, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { JobActionButton } from './JobActionButton';
import { useCanActOnJobs } from './job-actions';

interface JobRecord {
  id: string;
  state: string;
  data: unknown;
  output: unknown;
  errorStack: string | null;
  progress: { progress: number; message: string | null } | null;
}

function Json({ source }: { source: 'data' | 'output' }) {
  const record = useRecordContext<JobRecord>();
  return <pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{record?.[source] == null ? '—' : JSON.stringify(record[source], null, 2)}</pre>;
}

/** Long jobs (bill runs, exports) report { progress: 0-100, message } in their output. */
function Progress() {
  const progress = useRecordContext<JobRecord>()?.progress;
  if (!progress) return <Typography variant="body2">—</Typography>;
  return (
    <Box sx={{ minWidth: 240 }}>
      <LinearProgress variant="determinate" value={progress.progress} />
      <Typography variant="body2">{`${Math.round(progress.progress)}%${progress.message ? ` · ${progress.message}` : ''}`}</Typography>
    </Box>
  );
}

function Stack() {
  const stack = useRecordContext<JobRecord>()?.errorStack;
  return stack ? <pre style={{ margin: 0, whiteSpace: 'pre-wrap', fontSize: 12 }}>{stack}</pre> : <Typography variant="body2">—</Typography>;
}

function JobShowActions() {
  const record = useRecordContext<JobRecord>();
  const translate = useTranslate();
  const canAct = useCanActOnJobs('Job');
  if (!record || !canAct) return <TopToolbar />;
  const variables = { ids: [record.id] };
  return (
    <TopToolbar>
      <JobActionButton action="retryJobs" variables={variables} label={translate('shb.jobs.retry')} icon={<ReplayIcon />} disabled={!['failed', 'cancelled', 'completed'].includes(record.state)} />
      <JobActionButton action="cancelJobs" variables={variables} label={translate('shb.jobs.cancel')} icon={<CancelIcon />} disabled={!['created', 'retry', 'active'].includes(record.state)} />
      <JobActionButton action="resumeJobs" variables={variables} label={translate('shb.jobs.resume')} icon={<PlayArrowIcon />} disabled={record.state !== 'cancelled'} />
    </TopToolbar>
  );
}

export function JobShow() {
  return (
    <Show actions={<JobShowActions />} queryOptions={{ refetchInterval: 5000 }}>
      <SimpleShowLayout>
        <TextField source="id" />
        <TextField source="queue" />
        <TextField source="state" />
        <Labeled source="progress"><Progress /></Labeled>
        <NumberField source="retryCount" />
        <NumberField source="retryLimit" />
        <DateField source="createdOn" locales="en-GB" showTime />
        <DateField source="startedOn" locales="en-GB" showTime emptyText="—" />
        <DateField source="completedOn" locales="en-GB" showTime emptyText="—" />
        <TextField source="singletonKey" emptyText="—" />
        <Labeled source="data"><Json source="data" /></Labeled>
        <Labeled source="output"><Json source="output" /></Labeled>
        <TextField source="errorMessage" emptyText="—" />
        <Labeled source="errorStack"><Stack /></Labeled>
      </SimpleShowLayout>
    </Show>
  );
}
