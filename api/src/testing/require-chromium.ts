/** Run before the browser tests: without Chromium they cannot run, so say so in one line and stop. */
import fs from 'node:fs';
import { CHROMIUM_PATH } from './chromium';

if (!fs.existsSync(CHROMIUM_PATH)) {
  console.error(`Browser tests need Chromium at ${CHROMIUM_PATH}: install the Debian package with "apt-get install -y chromium" (or set CHROMIUM_PATH).`);
  process.exit(1);
}
