import { deadLetterName, type QueueDefinition } from '@app/api';
import { createTestDatabase, waitFor, type TestDatabase } from '@app/api/testing';
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
});
