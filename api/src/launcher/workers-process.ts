import { startChild, type ManagedChild } from './child-process';
import { workersHeapArgs } from './workers-heap';

/**
 * A workers process (workers/src/main.ts) as `npm start` runs it, with its bounded heap. The benchmarks and
 * the reliability tests start theirs the same way, so they measure and kill the real thing.
 */
export function startWorkersProcess(name: string, env: NodeJS.ProcessEnv, nodeArgs: string[] = []): ManagedChild {
  return startChild(name, 'workers/src/main.ts', env, [...nodeArgs, ...workersHeapArgs(env)]);
}
