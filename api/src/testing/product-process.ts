import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '@app/db';
import { waitFor } from './wait-for';

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export { isProcessAlive as isAlive } from '@app/db';

export interface ProductProcess {
  baseUrl: string;
  dataDir: string;
  child: ChildProcess;
  output(): string;
  /** The pids the API and workers printed when they started. */
  childPids(): number[];
  exited: Promise<number | null>;
}

export interface ProductOptions {
  dataDir?: string;
  port?: number;
  pgPort?: number;
  databaseUrl?: string;
  /** Extra environment for the product (e.g. GOOGLE_* to point sign-in at a local OpenID provider). */
  env?: NodeJS.ProcessEnv;
  /** How long the start may take before the test gives up (PRODUCT_READY_TIMEOUT_MS, else 60 s; more on a busy machine). */
  readyTimeoutMs?: number;
}

/**
 * Runs the product exactly as `npm start` does (the launcher entry point) and waits until it says it is
 * ready. Without `databaseUrl` the child gets no DATABASE_URL and so starts its own embedded PostgreSQL.
 */
export async function startProduct(options: ProductOptions = {}): Promise<ProductProcess> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'bills-product-'));
  fs.chmodSync(dataDir, 0o755);
  // BASE_URL is the address the tests browse, so links and the notification socket's URL point where the page is.
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'development', PORT: String(port), BASE_URL: `http://127.0.0.1:${port}`, DATA_DIR: dataDir, ...options.env };
  delete env.DATABASE_URL;
  delete env.JEST_WORKER_ID;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  env.EMBEDDED_PG_PORT = String(options.pgPort ?? (await freePort()));

  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/launcher/main.ts'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await Promise.race([
    waitFor('the product to say it is ready', () => output.includes('[start] Ready'), options.readyTimeoutMs ?? Number(process.env.PRODUCT_READY_TIMEOUT_MS ?? 60000)),
    exited.then((code) => {
      throw new Error(`the product exited (code ${code}) during start-up:\n${output}`);
    }),
  ]);
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    dataDir,
    child,
    output: () => output,
    childPids: () => [...output.matchAll(/\[(?:api|workers)\] pid (\d+)/g)].map((match) => Number(match[1])),
    exited,
  };
}
