import { Datagrid, DateField, List, NumberField, TextField, useCreatePath, type RaRecord } from 'react-admin';
import { ThroughputChart } from './ThroughputChart';
import { LIVE_LIST } from './job-actions';
import { QueueActions } from './QueueActions';

/** A row opens the jobs of that queue. */
function useJobsOfQueue() {
  const createPath = useCreatePath();
  return (id: RaRecord['id']) => `${createPath({ resource: 'Job', type: 'list' })}?filter=${encodeURIComponent(JSON.stringify({ queue: id }))}`;
}

export function JobQueueList() {
  const jobsOf = useJobsOfQueue();
  return (
    <List sort={{ field: 'name', order: 'ASC' }} queryOptions={LIVE_LIST} pagination={false} perPage={100}>
      <ThroughputChart />
      <Datagrid rowClick={(id) => jobsOf(id)} bulkActionButtons={false}>
        <TextField source="name" />
        <NumberField source="created" />
        <NumberField source="retry" />
        <NumberField source="active" />
        <NumberField source="completed" />
        <NumberField source="failed" />
        <NumberField source="cancelled" />
        <NumberField source="backlog" />
        <DateField source="oldestWaitingOn" showTime emptyText="—" />
        <NumberField source="deadLetterCount" />
        <QueueActions />
      </Datagrid>
    </List>
  );
}
