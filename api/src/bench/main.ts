/** `npm run bench [name]`: benchmarks that print their figures. With no name, all of them. */
import { apiBenchmark } from './api.bench';
import { billRunBenchmark } from './bill-run.bench';
import { collectionsBenchmark } from './collections.bench';
import { creditControlBenchmark } from './credit-control.bench';
import { exportsBenchmark } from './exports.bench';
import { listsBenchmark } from './lists.bench';
import { loginBenchmark } from './login.bench';
import { notifyBenchmark } from './notify.bench';
import { searchBenchmark } from './search.bench';
import { signupBenchmark } from './signup.bench';
import { smallJobsBenchmark } from './small-jobs.bench';
import { siteBenchmark, siteSignedInBenchmark } from './site.bench';
import { startupBenchmark } from './startup.bench';

const BENCHMARKS: Record<string, () => Promise<void>> = { startup: startupBenchmark, site: siteBenchmark, 'site-signed-in': siteSignedInBenchmark, login: loginBenchmark, lists: listsBenchmark, exports: exportsBenchmark, 'bill-run': billRunBenchmark, notify: notifyBenchmark, collections: collectionsBenchmark, 'credit-control': creditControlBenchmark, signup: signupBenchmark, search: searchBenchmark };
BENCHMARKS.api = apiBenchmark;
BENCHMARKS['small-jobs'] = smallJobsBenchmark;

async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((name) => !(name in BENCHMARKS));
  if (unknown.length) throw new Error(`Unknown benchmark ${unknown.join(', ')}; known: ${Object.keys(BENCHMARKS).join(', ')}`);
  for (const name of wanted.length ? wanted : Object.keys(BENCHMARKS)) {
    console.log(`# ${name}`);
    await BENCHMARKS[name]!();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
