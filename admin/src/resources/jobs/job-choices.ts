import { useGetList } from 'react-admin';

export const JOB_STATE_CHOICES = ['created', 'retry', 'active', 'completed', 'failed', 'cancelled'].map((state) => ({ id: state, name: state }));

/** Queue filter choices: each registry queue and its dead-letter queue, from the server (the registry is its truth). */
export function useQueueChoices(): Array<{ id: string; name: string }> {
  const { data = [] } = useGetList<{ id: string; deadLetterQueue: string }>('JobQueue', { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' } });
  return data.flatMap((queue) => [
    { id: queue.id, name: queue.id },
    { id: queue.deadLetterQueue, name: queue.deadLetterQueue },
  ]);
}
