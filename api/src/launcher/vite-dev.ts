import { spawn } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from '@app/db';
import { manage, type ManagedChild } from './child-process';

/** `npm run dev`: Vite with hot reload for the site (5173) and the back office (5174), proxying /api to the API. */
export function startViteDevServers(): ManagedChild[] {
  return ['site', 'admin'].map((app) => {
    const child = spawn(process.execPath, [path.join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js'), '--config', 'vite.config.ts'], {
      cwd: path.join(repoRoot, app),
      detached: true,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    return manage(`vite ${app}`, child, Promise.resolve());
  });
}
