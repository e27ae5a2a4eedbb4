import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '@app/db';

function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(target).map((entry) => newestMtime(path.join(target, entry))));
}

/**
 * `npm install` builds the site and the back office; this rebuilds either one only when its sources are
 * newer than its build, so `npm start` after a `git pull` never serves a stale bundle.
 */
export function ensureFrontendsBuilt(log: (line: string) => void): void {
  for (const app of ['site', 'admin']) {
    const folder = path.join(repoRoot, app);
    const built = path.join(folder, 'dist', 'index.html');
    const sources = ['src', 'index.html', 'vite.config.ts', 'package.json', 'public', 'scripts'].map((entry) => newestMtime(path.join(folder, entry)));
    if (fs.existsSync(built) && fs.statSync(built).mtimeMs >= Math.max(...sources)) continue;
    log(`Building ${app} (its sources changed since the last build)`);
    execFileSync('npm', ['run', 'build', '-w', app], { cwd: repoRoot, stdio: 'inherit' });
  }
}
