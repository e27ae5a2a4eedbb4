import { createQueues } from '../../jobs/create-queues';
import { ALL_QUEUES } from '../../jobs/queues';
import { startApiHarness, type ApiHarness } from '../../testing';

let api: ApiHarness;
let staff: string;
let readonly: string;
let staffId: number;

const QUEUE_FIELDS = 'id created retry active completed failed cancelled backlog oldestWaitingOn deadLetterQueue deadLetterCount';
const JOB_FIELDS = 'id queue state errorMessage errorStack retryCount retryLimit data output progress { progress message }';

async function gql<T = Record<string, unknown>>(query: string, variables: Record<string, unknown> = {}, token = staff): Promise<T> {
  const res = await api.graphql(query, variables, token);
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  return res.body.data as T;
}

async function queue(name: string) {
  const { JobQueue } = await gql<{ JobQueue: Record<string, unknown> }>(`query ($id: ID!) { JobQueue(id: $id) { ${QUEUE_FIELDS} } }`, { id: name });
  return JobQueue;
}

const stateOf = async (id: string) => (await gql<{ Job: { state: string } }>('query ($id: ID!) { Job(id: $id) { state } }', { id })).Job.state;

/** A delivery job with no retries left, failed (pg-boss fails a job by id whether or not it was fetched): it fails for good and is dead-lettered. */
async function failedJob(message: string): Promise<string> {
  const id = (await api.boss.send('outbox.deliver', { messageId: 999 }, { retryLimit: 0 }))!;
  await api.boss.fail('outbox.deliver', id, { message, stack: `Error: ${message}\n    at deliver` });
  return id;
}

const auditRows = (entityId: string) => api.db.knex('audit_log').where({ entity: 'jobs', entity_id: entityId }).select('action', 'actor_user_id', 'before', 'after');

let failedId: string;
let completedId: string;
let waiting: string[];

beforeAll(async () => {
  api = await startApiHarness();
  await createQueues(api.boss, ALL_QUEUES);
  [staff, readonly] = await Promise.all([api.signIn('staff@demo.test'), api.signIn('readonly@demo.test')]);
  staffId = (await api.db.knex('users').where({ email: 'staff@demo.test' }).first('id')).id;
  failedId = await failedJob('SMTP is down');
  completedId = (await api.boss.send('outbox.deliver', { messageId: 1 }))!;
  await api.boss.fetch('outbox.deliver', { batchSize: 1 });
  await api.boss.complete('outbox.deliver', completedId, { progress: 100, message: 'sent' });
  waiting = [(await api.boss.send('outbox.deliver', { messageId: 2 }))!, (await api.boss.send('outbox.deliver', { messageId: 3 }))!];
});
afterAll(() => api.stop());

it('counts each queue by state, with backlog, oldest waiting job and dead letters', async () => {
  const { allJobQueues } = await gql<{ allJobQueues: Array<{ id: string }> }>(`{ allJobQueues { ${QUEUE_FIELDS} } }`, {}, readonly);
  // Every queue of the registry, and no dead-letter queue as a queue of its own.
  expect(allJobQueues.map((q) => q.id).sort()).toEqual(ALL_QUEUES.map((q) => q.name).sort());
  expect(allJobQueues.map((q) => q.id)).toEqual(expect.arrayContaining(['outbox.deliver', 'outbox.sweep']));
  expect(await queue('outbox.deliver')).toMatchObject({ created: 2, retry: 0, active: 0, completed: 1, failed: 1, cancelled: 0, backlog: 2, deadLetterQueue: 'outbox.deliver.dead', deadLetterCount: 1 });
  expect((await queue('outbox.deliver')).oldestWaitingOn).toEqual(expect.any(String));
  expect(await queue('outbox.sweep')).toMatchObject({ backlog: 0, oldestWaitingOn: null });
});

it('lists jobs by queue and state, and shows one with its error, stack and progress', async () => {
  const data = await gql<{ allJobs: Array<{ id: string }>; total: { count: number } }>(
    `query ($filter: JSON) { allJobs(filter: $filter) { ${JOB_FIELDS} } total: _allJobsMeta(filter: $filter) { count } }`,
    { filter: { queue: 'outbox.deliver', state: 'failed' } },
  );
  expect(data.allJobs).toEqual([expect.objectContaining({ id: failedId, state: 'failed', errorMessage: 'SMTP is down', errorStack: expect.stringContaining('at deliver'), retryLimit: 0 })]);
  expect(data.total.count).toBe(1);
  const created = await gql<{ allJobs: unknown[] }>('{ allJobs(filter: { queue: "outbox.deliver", state: "created" }) { id } }');
  expect(created.allJobs).toHaveLength(2);
  const done = await gql<{ Job: Record<string, unknown> }>(`query ($id: ID!) { Job(id: $id) { ${JOB_FIELDS} } }`, { id: completedId });
  expect(done.Job).toMatchObject({ state: 'completed', progress: { progress: 100, message: 'sent' }, errorMessage: null });
  const bad = await api.graphql('{ allJobs(filter: { state: "lost" }) { id } }', {}, staff);
  expect(bad.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: [expect.objectContaining({ field: 'filter.state', rule: 'oneOf' })] });
});

it('lets read-only staff look but refuses every action with 403 FORBIDDEN', async () => {
  await gql('{ allJobSchedules { id } jobThroughput { hour } allJobs { id } }', {}, readonly);
  const actions = [
    `retryJobs(ids: ["${failedId}"])`,
    'retryAllFailed(queue: "outbox.deliver")',
    `cancelJobs(ids: ["${waiting[0]}"])`,
    `resumeJobs(ids: ["${waiting[0]}"])`,
    'redriveDeadLetters(queue: "outbox.deliver")',
    'runScheduleNow(queue: "outbox.sweep")',
  ];
  for (const action of actions) {
    const res = await api.graphql(`mutation { ${action} }`, {}, readonly);
    expect(res.status).toBe(403);
    expect(res.body.errors[0].extensions.code).toBe('FORBIDDEN');
  }
  expect(await stateOf(failedId)).toBe('failed');
});

it('refuses an unknown queue and more than 1000 ids, naming the field and rule', async () => {
  const unknown = await api.graphql('mutation { retryAllFailed(queue: "nope") }', {}, staff);
  expect(unknown.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: [expect.objectContaining({ field: 'queue', rule: 'oneOf' })] });
  const ids = Array.from({ length: 1001 }, () => failedId);
  const many = await api.graphql('mutation ($ids: [ID!]!) { retryJobs(ids: $ids) }', { ids }, staff);
  expect(many.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: [expect.objectContaining({ field: 'ids', rule: 'maxItems' })] });
});

it('retries a failed job and audits it with the actor', async () => {
  expect(await gql('mutation ($ids: [ID!]!) { retryJobs(ids: $ids) }', { ids: [failedId] })).toEqual({ retryJobs: 1 });
  expect(['retry', 'created']).toContain(await stateOf(failedId));
  expect(await auditRows(failedId)).toEqual([
    expect.objectContaining({ action: 'UPDATE', actor_user_id: staffId, before: expect.objectContaining({ state: 'failed' }), after: expect.objectContaining({ action: 'retry' }) }),
  ]);
});

it('cancels and resumes jobs, auditing each change', async () => {
  expect(await gql('mutation ($ids: [ID!]!) { cancelJobs(ids: $ids) }', { ids: waiting })).toEqual({ cancelJobs: 2 });
  expect(await stateOf(waiting[0]!)).toBe('cancelled');
  expect(await gql('mutation ($ids: [ID!]!) { resumeJobs(ids: $ids) }', { ids: [waiting[0]] })).toEqual({ resumeJobs: 1 });
  expect(await stateOf(waiting[0]!)).toBe('created');
  expect(await auditRows(waiting[0]!)).toHaveLength(2);
  expect((await auditRows(waiting[1]!))[0]).toMatchObject({ actor_user_id: staffId, after: expect.objectContaining({ state: 'cancelled' }) });
});

it('retries every failed job of a queue', async () => {
  const another = await failedJob('Twilio said no');
  expect(await gql('mutation { retryAllFailed(queue: "outbox.deliver") }')).toEqual({ retryAllFailed: 1 });
  expect(['retry', 'created']).toContain(await stateOf(another));
  expect(await auditRows('outbox.deliver')).toContainEqual(expect.objectContaining({ actor_user_id: staffId, after: expect.objectContaining({ action: 'retryAllFailed', retried: 1 }) }));
});

it('redrives the dead-letter queue back to its queue', async () => {
  const before = (await queue('outbox.deliver')) as { deadLetterCount: number; backlog: number };
  expect(before.deadLetterCount).toBe(2);
  expect(await gql('mutation { redriveDeadLetters(queue: "outbox.deliver") }')).toEqual({ redriveDeadLetters: 2 });
  const after = (await queue('outbox.deliver')) as { deadLetterCount: number; backlog: number };
  expect(after.deadLetterCount).toBe(0);
  expect(after.backlog).toBe(before.backlog + 2);
  expect(await auditRows('outbox.deliver')).toContainEqual(expect.objectContaining({ actor_user_id: staffId, after: expect.objectContaining({ action: 'redriveDeadLetters', redriven: 2 }) }));
});

it('lists schedules with their next run and runs one now', async () => {
  const unscheduled = await api.graphql('mutation { runScheduleNow(queue: "outbox.sweep") }', {}, staff);
  expect(unscheduled.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: [expect.objectContaining({ field: 'queue', rule: 'scheduled' })] });
  await api.boss.schedule('outbox.sweep', '*/10 * * * *', {}, { tz: 'Europe/London' });
  const listed = await gql<{ allJobSchedules: Array<Record<string, unknown>> }>('{ allJobSchedules { queue cron timezone nextRunOn lastRunState } }', {}, readonly);
  expect(listed.allJobSchedules).toEqual([{ queue: 'outbox.sweep', cron: '*/10 * * * *', timezone: 'Europe/London', nextRunOn: expect.any(String), lastRunState: null }]);
  expect(new Date(listed.allJobSchedules[0]!.nextRunOn as string).getUTCMinutes() % 10).toBe(0);
  expect(await gql('mutation { runScheduleNow(queue: "outbox.sweep") }')).toEqual({ runScheduleNow: 1 });
  const jobs = await gql<{ allJobs: Array<{ id: string; state: string }> }>('{ allJobs(filter: { queue: "outbox.sweep" }) { id state } }');
  expect(jobs.allJobs).toEqual([expect.objectContaining({ state: 'created' })]);
  expect(await auditRows(jobs.allJobs[0]!.id)).toEqual([expect.objectContaining({ actor_user_id: staffId })]);
  const again = await gql<{ allJobSchedules: Array<{ lastRunState: string }> }>('{ allJobSchedules { lastRunState } }');
  expect(again.allJobSchedules[0]!.lastRunState).toBe('created');
});

it('counts completed and failed jobs per hour over the last 24 hours', async () => {
  const { jobThroughput } = await gql<{ jobThroughput: Array<{ completed: number; failed: number }> }>('{ jobThroughput { hour completed failed } }');
  expect(jobThroughput).toHaveLength(24);
  expect(jobThroughput.at(-1)).toMatchObject({ completed: 1 });
});
