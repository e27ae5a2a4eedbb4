import { execFileSync } from 'node:child_process';
import { DEFAULT_WORKERS_HEAP_MB, workersHeapArgs } from './workers-heap';

/** The heap limit V8 gives a Node process started with these arguments, in MB. */
function heapLimitMb(args: string[]): number {
  const script = `console.log(require('node:v8').getHeapStatistics().heap_size_limit)`;
  return Number(execFileSync(process.execPath, [...args, '-e', script], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } })) / (1 << 20);
}

it('starts the workers with a 256 MB heap by default, or the WORKERS_MAX_OLD_SPACE_MB asked for', () => {
  expect(workersHeapArgs({})).toEqual([`--max-old-space-size=${DEFAULT_WORKERS_HEAP_MB}`]);
  // V8 adds its young generation to the old space limit: the total stays within a few tens of MB of it.
  const bounded = heapLimitMb(workersHeapArgs({}));
  expect(bounded).toBeGreaterThanOrEqual(256);
  expect(bounded).toBeLessThan(320);
  expect(heapLimitMb(workersHeapArgs({ WORKERS_MAX_OLD_SPACE_MB: '128' }))).toBeLessThan(192);
});

it('refuses a limit that is not a whole number of megabytes of at least 64, naming the variable', () => {
  for (const value of ['lots', '12.5', '32']) {
    expect(() => workersHeapArgs({ WORKERS_MAX_OLD_SPACE_MB: value })).toThrow(`WORKERS_MAX_OLD_SPACE_MB must be a whole number of megabytes, at least 64 (got "${value}")`);
  }
});
