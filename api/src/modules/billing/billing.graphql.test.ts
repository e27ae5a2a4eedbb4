import { createQueues } from '../../jobs/create-queues';
import { ALL_QUEUES } from '../../jobs/queues';
import { startApiHarness, type ApiHarness } from '../../testing';

/*
 * The bill-run mutations over GraphQL as the back office calls them: the run and its fan-out job written
 * together, progress read through the catalogue's BillRun, billing WRITE required, the automation's messages.
 */

let api: ApiHarness;
let staff: string;
let readonly: string;
const GROUP = { 'X-Group-ID': '2' };

const START = /* GraphQL */ `
  mutation ($periodStart: String!, $periodEnd: String!) {
    startBillRun(periodStart: $periodStart, periodEnd: $periodEnd) { id status periodStart periodEnd automated housesTotal housesRemaining }
  }
`;
const AUTOMATE = /* GraphQL */ `
  mutation ($periodStart: String!, $periodEnd: String!) {
    scheduleAutomatedBilling(periodStart: $periodStart, periodEnd: $periodEnd) { id automated scheduledOn }
  }
`;
const RETRY = /* GraphQL */ `
  mutation ($id: ID!) {
    retryFailedHouses(billRunId: $id) { retried billRun { id status housesFailed } }
  }
`;

beforeAll(async () => {
  api = await startApiHarness();
  await createQueues(api.boss, ALL_QUEUES);
  [staff, readonly] = await Promise.all([api.signIn('staff@demo.test'), api.signIn('readonly@demo.test')]);
});
afterAll(() => api.stop());

it('starts a run and enqueues its fan-out job in the same transaction; the run is readable as a BillRun', async () => {
  const res = await api.graphql(START, { periodStart: '2026-06-01', periodEnd: '2026-06-30' }, staff, GROUP);
  expect(res.body.errors).toBeUndefined();
  const run = res.body.data.startBillRun;
  expect(run).toMatchObject({ status: 'PENDING', periodStart: '2026-06-01', periodEnd: '2026-06-30', automated: false, housesTotal: 0 });
  const jobs = await api.boss.findJobs('billing.run', { data: { billRunId: Number(run.id) } });
  expect(jobs).toHaveLength(1);

  const list = await api.graphql(`{ allBillRuns(filter: { status: "PENDING" }) { id requestedBy } _allBillRunsMeta { count } }`, {}, staff, GROUP);
  expect(list.body.data.allBillRuns).toEqual([{ id: run.id, requestedBy: expect.stringMatching(/^\d+$/) }]);
  const retry = await api.graphql(RETRY, { id: run.id }, staff, GROUP);
  expect(retry.body.data.retryFailedHouses).toEqual({ retried: 0, billRun: { id: run.id, status: 'PENDING', housesFailed: 0 } });
});

it('refuses a period that ends before it starts, naming the field, and writes nothing', async () => {
  const before = await api.db.knex('bill_runs').count({ n: '*' });
  const res = await api.graphql(START, { periodStart: '2026-06-30', periodEnd: '2026-06-01' }, staff, GROUP);
  expect(res.body.errors[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', fields: [{ field: 'periodEnd' }] } });
  expect(await api.db.knex('bill_runs').count({ n: '*' })).toEqual(before);
});

it('needs billing WRITE to start or retry a run', async () => {
  expect((await api.graphql(START, { periodStart: '2026-06-01', periodEnd: '2026-06-30' }, readonly, GROUP)).body.errors[0].extensions.code).toBe('FORBIDDEN');
  expect((await api.graphql(RETRY, { id: '1' }, readonly, GROUP)).body.errors[0].extensions.code).toBe('FORBIDDEN');
  expect((await api.graphql(START, { periodStart: '2026-06-01', periodEnd: '2026-06-30' })).body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
});

it("answers a second automation on the same day with the specification's message", async () => {
  const first = await api.graphql(AUTOMATE, { periodStart: '2026-05-01', periodEnd: '2026-05-31' }, staff, GROUP);
  expect(first.body.data.scheduleAutomatedBilling).toMatchObject({ automated: true });
  const again = await api.graphql(AUTOMATE, { periodStart: '2026-07-01', periodEnd: '2026-07-31' }, staff, GROUP);
  expect(again.body.errors[0]).toMatchObject({ message: 'Only one automation per day', extensions: { code: 'CONFLICT' } });
});
