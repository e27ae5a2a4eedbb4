import { spawn } from 'node:child_process';
import type { RunAs } from './os-user';

/** Runs a binary (as the postgres OS user where needed) and resolves with its output, or rejects naming it. */
export function run(file: string, args: string[], runAs: RunAs): Promise<string> {
  return new Promise((resolve, reject) => {
    // stdin closed and stdout/stderr piped: pg_ctl's daemonised postmaster logs to its own file, not to us.
    const child = spawn(file, args, { ...runAs, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(output);
      else reject(new Error(`${file.split('/').pop()} ${args[0] ?? ''} failed (exit ${code}): ${output.trim()}`));
    });
  });
}
