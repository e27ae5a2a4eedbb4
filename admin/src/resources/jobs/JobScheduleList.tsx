import PlayCircleIcon from '@mui/icons-material/PlayCircle';
import { Datagrid, DateField, List, TextField, useRecordContext, useTranslate } from 'react-admin';
import { JobActionButton } from './JobActionButton';
import { LIVE_LIST, useCanActOnJobs } from './job-actions';

function RunNowButton() {
  const record = useRecordContext<{ queue: string }>();
  const translate = useTranslate();
  const canAct = useCanActOnJobs('JobSchedule');
  if (!record || !canAct) return null;
  return <JobActionButton action="runScheduleNow" variables={{ queue: record.queue }} label={translate('shb.jobs.run_now')} icon={<PlayCircleIcon />} />;
}

export function JobScheduleList() {
  return (
    <List sort={{ field: 'queue', order: 'ASC' }} queryOptions={LIVE_LIST} pagination={false} perPage={100}>
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <TextField source="queue" />
        <TextField source="cron" />
        <TextField source="timezone" />
        <DateField source="nextRunOn" showTime emptyText="—" />
        <TextField source="lastRunState" emptyText="—" />
        <DateField source="lastRunOn" showTime emptyText="—" />
        <RunNowButton />
      </Datagrid>
    </List>
  );
}
