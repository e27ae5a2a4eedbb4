import { spawn, type ChildProcess } from 'node:child_process';
import { repoRoot } from '@app/db';

export interface ManagedChild {
  name: string;
  process: ChildProcess;
  /** Resolves when the child reports ready; rejects if it exits first. */
  ready: Promise<void>;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once the process is gone. */
  stop(graceMs: number): Promise<void>;
}

/**
 * Starts a TypeScript entry point (api or workers) as a child process. It gets its own process group, so a
 * Ctrl-C in the terminal reaches only the launcher, which then stops the children in order; and an IPC
 * channel, so the child notices if the launcher is killed outright and stops itself.
 */
export function startChild(name: string, entry: string, env: NodeJS.ProcessEnv, nodeArgs: string[] = []): ManagedChild {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', entry], {
    cwd: repoRoot,
    env,
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = new Promise<void>((resolve, reject) => {
    child.on('message', (message: { type?: string }) => message?.type === 'ready' && resolve());
    child.once('exit', (code, signal) => reject(new Error(`${name} exited before it was ready (code ${code}, signal ${signal})`)));
  });
  ready.catch(() => undefined);
  return manage(name, child, ready);
}

/** Wraps a spawned process with a stop that escalates from SIGTERM to SIGKILL. */
export function manage(name: string, child: ChildProcess, ready: Promise<void>): ManagedChild {
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    name,
    process: child,
    ready,
    async stop(graceMs) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}
