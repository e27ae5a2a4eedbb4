import { deadLetterName, type QueueDefinition } from '@app/api';
import { createTestDatabase, waitFor, type TestDatabase } from '@app/api/testing';
import { alertDeadLetters } from '../../api/src/modules/jobs/dead-letter-alerts.service';
import { startWorkers, type RunningWorkers } from './start-workers';

let db: TestDatabase;
let workers: RunningWorkers;
const attempts: number[] = [];

// A queue declared like the product's own, with a handler that always fails.
const failingQueue: QueueDefinition = {
  name: 'test.always-fails',
  description: 'fails every time',
  options: { retryLimit: 2, retryDelay: 0, expireInSeconds: 30 },
};

beforeAll(async () => {
  db = await createTestDatabase();
  workers = await startWorkers(
    db.url,
    { db: db.knex, adapters: null as never },
    {
      queues: [failingQueue],
      handlers: {
        [failingQueue.name]: async (job: { retryCount: number }) => {
          attempts.push(job.retryCount);
          throw new Error(`supplier API unavailable (attempt ${job.retryCount + 1})`);
        },
      } as never,
      schedules: [],
      pollingIntervalSeconds: 0.5,
    },
  );
});

afterAll(async () => {
  await workers.stop();
  await db.drop();
});

it('retries a failing job up to its retry limit, then moves it to its dead-letter queue', async () => {
  const id = await workers.boss.send(failingQueue.name, { houseContractId: 42 });
  const [dead] = await waitFor('the job in the dead-letter queue', async () => {
    const found = await workers.boss.findJobs<{ houseContractId: number }>(deadLetterName(failingQueue.name));
    return found.length ? found : undefined;
  });

  expect(attempts).toEqual([0, 1, 2]);
  expect(dead!.data).toEqual({ houseContractId: 42 });
  const [original] = await workers.boss.findJobs(failingQueue.name, { id: id! });
  expect(original).toMatchObject({ state: 'failed', retryCount: 2 });
  expect(JSON.stringify(original!.output)).toContain('supplier API unavailable (attempt 3)');

  // Staff who can see the job console are told, once however often the alert job runs; others are not.
  const role = async (name: string, jobs: string | null) =>
    (await db.knex('backoffice_roles').insert({ name, permissions: jobs ? { jobs } : {} }).returning('id'))[0].id as number;
  const staff = async (email: string, roleId: number) =>
    (await db.knex('users').insert({ email, first_name: 'Jo', last_name: 'Staff', role: 'backoffice', backoffice_role_id: roleId, all_groups: true }).returning('id'))[0].id as number;
  const watcher = await staff('ops@jobs.test', await role('Operations', 'READ'));
  const bystander = await staff('sales@jobs.test', await role('Sales only', null));
  expect(await alertDeadLetters(db.knex)).toBe(1);
  expect(await alertDeadLetters(db.knex)).toBe(0);
  const told = await db.knex('notifications').select('user_id', 'title', 'notification_type');
  expect(told).toEqual([{ user_id: watcher, title: '1 job dead-lettered on test.always-fails', notification_type: 'ERROR' }]);
  expect(told.map((n) => n.user_id)).not.toContain(bystander);
});
