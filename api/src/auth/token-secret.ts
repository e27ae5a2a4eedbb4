import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { dataDir } from '@app/db';

/**
 * The key that signs sign-in tokens. JWT_SECRET in production (at least 32 characters); elsewhere one is
 * generated once and kept in the data folder, so tokens survive restarts and every process shares it.
 */
export function loadTokenSecret(env: NodeJS.ProcessEnv = process.env): Uint8Array {
  if (env.JWT_SECRET) {
    if (env.JWT_SECRET.length < 32) throw new Error('JWT_SECRET: must be at least 32 characters');
    return new TextEncoder().encode(env.JWT_SECRET);
  }
  if (env.NODE_ENV === 'production') throw new Error('JWT_SECRET: required in production');
  const file = path.join(dataDir(), 'jwt-secret');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    try {
      fs.writeFileSync(file, crypto.randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another process (API or workers starting together) wrote it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return new TextEncoder().encode(fs.readFileSync(file, 'utf8').trim());
}
