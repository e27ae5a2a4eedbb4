import { createTestDatabase, type TestDatabase } from '../testing';
import { createKnex, type Knex } from '@app/db';
import { quotingFlag, withQuotingFlag } from './quoting-flag';

let db: TestDatabase;
let knex: Knex;
beforeAll(async () => {
  db = await createTestDatabase({ withDemoData: true });
  knex = createKnex(db.url, { poolMax: 2 });
});
afterAll(async () => {
  await knex?.destroy();
  await db?.drop();
});

it('follows the quotingFO feature flag, read once for the page views of a few seconds', async () => {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
  try {
    const flag = quotingFlag(knex);
    expect(await Promise.all([flag(), flag()])).toEqual([true, true]);
    await knex('feature_flags').where({ name: 'quotingFO' }).update({ enabled: false });
    expect(await flag()).toBe(true); // still the reading of a moment ago
    jest.advanceTimersByTime(5_001);
    expect(await flag()).toBe(false);
  } finally {
    jest.useRealTimers();
    await knex('feature_flags').where({ name: 'quotingFO' }).update({ enabled: true });
  }
});

it('puts the flag on the <html> tag only', () => {
  expect(withQuotingFlag('<!doctype html><html lang="en-GB"><body><p>html</p></body></html>', false)).toBe('<!doctype html><html data-quoting="off" lang="en-GB"><body><p>html</p></body></html>');
});
