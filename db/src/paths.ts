import fs from 'node:fs';
import path from 'node:path';

/** The repository root: the nearest folder above this file whose package.json declares workspaces. */
function findRepoRoot(start: string): string {
  let dir = start;
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && 'workspaces' in JSON.parse(fs.readFileSync(manifest, 'utf8'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No workspace root above ${start}`);
    dir = parent;
  }
}

export const repoRoot = findRepoRoot(__dirname);

/** Everything the product keeps on local disk (embedded database, dev mail, secrets) lives here, git-ignored. */
export function dataDir(): string {
  return path.resolve(process.env.DATA_DIR ?? path.join(repoRoot, '.data'));
}
