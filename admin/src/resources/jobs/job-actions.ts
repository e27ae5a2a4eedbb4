import { graphqlRequest } from '@app/api/client';
import { useCanAccess } from 'react-admin';

/** The console's mutations: each answers how many jobs it affected. */
export const JOB_MUTATIONS = {
  retryJobs: 'mutation ($ids: [ID!]!) { result: retryJobs(ids: $ids) }',
  cancelJobs: 'mutation ($ids: [ID!]!) { result: cancelJobs(ids: $ids) }',
  resumeJobs: 'mutation ($ids: [ID!]!) { result: resumeJobs(ids: $ids) }',
  retryAllFailed: 'mutation ($queue: String!) { result: retryAllFailed(queue: $queue) }',
  redriveDeadLetters: 'mutation ($queue: String!) { result: redriveDeadLetters(queue: $queue) }',
  runScheduleNow: 'mutation ($queue: String!) { result: runScheduleNow(queue: $queue) }',
} as const;

/** Runs one console mutation outside the data provider (the list grammar has no such verbs); throws the server's message. */
export async function runJobAction(action: keyof typeof JOB_MUTATIONS, variables: Record<string, unknown>, groupId: number): Promise<number> {
  const answer = await graphqlRequest<{ result: number }>(JOB_MUTATIONS[action], variables, groupId);
  if (answer.errors.length || !answer.data) throw new Error(answer.errors[0]?.message ?? `HTTP ${answer.status}`);
  return answer.data.result;
}

/** Actions need WRITE on the jobs area; the resource map says so and react-admin asks the authProvider. */
export function useCanActOnJobs(resource: string): boolean {
  const { canAccess } = useCanAccess({ resource, action: 'edit' });
  return canAccess === true;
}

/** Lists refresh by themselves so operators watch jobs move without reloading. */
export const LIVE_LIST = { refetchInterval: 5000 } as const;
