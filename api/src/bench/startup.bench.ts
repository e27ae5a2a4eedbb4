import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startProduct } from '../testing/product-process';

/** Seconds from launch to "Ready", for a new data folder (initdb) and for a restart, and how long a stop takes. */
export async function startupBenchmark(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bills-bench-'));
  for (const label of ['first start (new database)', 'second start (existing database)']) {
    const started = Date.now();
    const product = await startProduct({ dataDir });
    const ready = (Date.now() - started) / 1000;
    const stopping = Date.now();
    product.child.kill('SIGTERM');
    await product.exited;
    console.log(`${label}: ready in ${ready.toFixed(2)} s, stopped in ${((Date.now() - stopping) / 1000).toFixed(2)} s`);
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}
