import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { dataDir } from '@app/db';

/**
 * `npm start` outside production without METRICS_TOKEN: a token generated once into `{DATA_DIR}/metrics-token`
 * (kept across restarts, so a local Prometheus keeps working), handed to the API and printed at start.
 * Null when METRICS_TOKEN is set (that one is used) or in production (no token, no /metrics).
 */
export function developmentMetricsToken(env: NodeJS.ProcessEnv = process.env): { token: string; file: string } | null {
  if (env.METRICS_TOKEN?.trim() || env.NODE_ENV === 'production') return null;
  const file = path.join(dataDir(), 'metrics-token');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    try {
      fs.writeFileSync(file, crypto.randomBytes(24).toString('base64url'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return { token: fs.readFileSync(file, 'utf8').trim(), file };
}
