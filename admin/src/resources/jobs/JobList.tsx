import CancelIcon from '@mui/icons-material/Cancel';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import ReplayIcon from '@mui/icons-material/Replay';
import { Datagrid, DateField, List, NumberField, SelectInput, TextField, TextInput, useListContext, useTranslate } from 'react-admin';
import { BillingFailuresNotice } from './BillingFailuresNotice';
import { JobActionButton } from './JobActionButton';
import { LIVE_LIST, useCanActOnJobs } from './job-actions';
import { JOB_STATE_CHOICES, useQueueChoices } from './job-choices';

/** Retry, Cancel, Resume on the selected jobs; staff without WRITE get no bulk actions at all. */
function BulkJobActions() {
  const { selectedIds, onUnselectItems } = useListContext();
  const translate = useTranslate();
  const variables = { ids: selectedIds };
  const done = () => onUnselectItems();
  return (
    <>
      <JobActionButton action="retryJobs" variables={variables} label={translate('shb.jobs.retry')} icon={<ReplayIcon />} onDone={done} />
      <JobActionButton action="cancelJobs" variables={variables} label={translate('shb.jobs.cancel')} icon={<CancelIcon />} onDone={done} />
      <JobActionButton action="resumeJobs" variables={variables} label={translate('shb.jobs.resume')} icon={<PlayArrowIcon />} onDone={done} />
    </>
  );
}

export function JobList() {
  const canAct = useCanActOnJobs('Job');
  const queues = useQueueChoices();
  const filters = [
    <SelectInput key="queue" source="queue" choices={queues} alwaysOn />,
    <SelectInput key="state" source="state" choices={JOB_STATE_CHOICES} alwaysOn />,
    <TextInput key="q" source="q" label="Search" alwaysOn />,
  ];
  return (
    <>
      <BillingFailuresNotice />
      <List filters={filters} sort={{ field: 'createdOn', order: 'DESC' }} queryOptions={LIVE_LIST}>
        <Datagrid rowClick="show" bulkActionButtons={canAct ? <BulkJobActions /> : false}>
          <TextField source="queue" />
          <TextField source="state" />
          <NumberField source="retryCount" />
          <DateField source="createdOn" locales="en-GB" showTime />
          <DateField source="startedOn" locales="en-GB" showTime emptyText="—" />
          <DateField source="completedOn" locales="en-GB" showTime emptyText="—" />
          <TextField source="errorMessage" emptyText="" />
          <TextField source="id" />
        </Datagrid>
      </List>
    </>
  );
}
