import { startProduct } from '../testing/product-process';

/*
 * `npm run bench -- signup`: the public quote against the running product (npm start's demo data), over
 * 1,000 varied inputs — postcodes of the demo regions, 1–12 tenants, every service mix and broadband speed,
 * both billing types — from 100 visitors (X-Forwarded-For, believed from loopback) so that the per-address
 * limit is never what is measured. Ten requests are in flight at once, as from many browsers.
 * Then 200 complete sign-ups, each a new house of two in a demo town: the session started, the whole sign-up
 * sent to POST /api/v2/signup/process-plan-signup and the Direct Debit set up through the sandbox bureau
 * (signupDirectDebit), timed from the first request to the mandate; four sign-ups in flight at once.
 */
const SAMPLES = 1_000;
const CONCURRENCY = Number(process.env.BENCH_SIGNUP_CONCURRENCY ?? 10);
// The demo's four regions (East Midlands, West Midlands, North West, Yorkshire): tariffs exist for them.
const POSTCODES = ['LS6 1AA', 'M14 5TQ', 'B29 6AB', 'NG7 2RD', 'S10 2TN', 'LE1 7RH', 'CV4 7AL', 'PR1 2HE', 'HU6 7RX', 'DE22 1GB', 'SK4 1AA', 'YO10 5DD'];
const SERVICE_MIXES = [
  ['electric', 'gas', 'water', 'broadband'],
  ['electric', 'gas', 'water', 'broadband', 'tv_licence'],
  ['electric', 'water'],
  ['electric', 'broadband', 'tv_licence'],
  ['gas', 'electric'],
];
const SPEEDS = ['400', '600', '800', '1000'];

const SIGNUPS = Number(process.env.BENCH_SIGNUPS ?? 200);
const SIGNUP_CONCURRENCY = 4;
const START = 'mutation { startSignup { token } }';
const DIRECT_DEBIT =
  'mutation ($token: String!) { signupDirectDebit(token: $token, accountHolderName: "Bench Tenant", sortCode: "10-88-00", accountNumber: "12345628", accountHolderConfirmed: true) { reference } }';

const QUERY = 'query ($input: PublicQuoteInput!) { publicQuote(input: $input) { options { planType weeklyPerTenantPence lines { service monthlyPerTenantPence } } } }';

function inputOf(i: number): Record<string, unknown> {
  const tenants = (i % 12) + 1;
  return {
    postcode: POSTCODES[i % POSTCODES.length],
    numberOfTenants: tenants,
    bedrooms: tenants + (i % 3 === 0 ? 1 : 0),
    services: SERVICE_MIXES[i % SERVICE_MIXES.length],
    broadbandSpeed: SPEEDS[i % SPEEDS.length],
    billingType: i % 10 === 9 ? 'BILL' : 'PLAN',
  };
}

/** The next 1 September at least two weeks away (the quote's default academic year), as YYYY-MM-DD. */
function academicYear(): { startDate: string; endDate: string } {
  const soon = new Date(Date.now() + 14 * 86_400_000);
  const year = soon.getUTCMonth() > 8 || (soon.getUTCMonth() === 8 && soon.getUTCDate() > 1) ? soon.getUTCFullYear() + 1 : soon.getUTCFullYear();
  return { startDate: `${year}-09-01`, endDate: `${year + 1}-08-31` };
}

/** One house's whole sign-up, as the wizard sends it; `i` makes the address and the e-mail unique to this run. */
function signupOf(i: number, run: string, token: string): Record<string, unknown> {
  return {
    signupToken: token,
    house: { line1: `${i + 1} Bench Street ${run}`, city: 'Leeds', postcode: 'LS6 1AA', bedrooms: 2 },
    quote: { planType: ['GREENSAVER', 'LITE', 'UNLIMITED'][i % 3], numberOfTenants: 2, services: SERVICE_MIXES[i % SERVICE_MIXES.length], broadbandSpeed: '400', ...academicYear() },
    tenant: { firstName: 'Bench', lastName: 'Tenant', email: `bench.${run}.${i}@example.test`, mobile: '07700 900123', dateOfBirth: '2004-05-06', customerType: 'STUDENT' },
    finishingTouches: { paymentDay: (i % 28) + 1, paymentFrequency: 'MONTHLY' },
    housemates: [`mate.${run}.${i}@example.test`],
    password: 'Bench2026x',
    passwordConfirmation: 'Bench2026x',
    paymentMethod: 'DIRECT_DEBIT',
  };
}

/** POSTs JSON as visitor `i` (X-Forwarded-For, so the per-address limits are not what is measured). */
async function post(baseUrl: string, path: string, i: number, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i % 250}` }, body: JSON.stringify(body) });
  return { status: res.status, json: (await res.json().catch(() => ({}))) as Record<string, unknown> };
}

/** 200 sign-ups through the REST endpoint and the payment step; the timings of those that completed, and why others did not. */
async function timeSignups(baseUrl: string): Promise<{ timings: number[]; failures: Map<string, number> }> {
  const run = Date.now().toString(36);
  const timings: number[] = [];
  const failures = new Map<string, number>();
  const fail = (reason: string) => failures.set(reason, (failures.get(reason) ?? 0) + 1);
  let next = 0;
  const worker = async () => {
    while (next < SIGNUPS) {
      const i = next++;
      const started = performance.now();
      const session = await post(baseUrl, '/api/v2/graphql', i, { query: START });
      const token = (session.json.data as { startSignup?: { token: string } } | undefined)?.startSignup?.token;
      if (!token) {
        fail(`startSignup: ${JSON.stringify(session.json.errors ?? session.status)}`);
        continue;
      }
      const made = await post(baseUrl, '/api/v2/signup/process-plan-signup', i, signupOf(i, run, token));
      if (made.status !== 200) {
        fail(`process-plan-signup ${made.status}: ${JSON.stringify(made.json.error ?? made.json).slice(0, 200)}`);
        continue;
      }
      const mandate = await post(baseUrl, '/api/v2/graphql', i, { query: DIRECT_DEBIT, variables: { token } });
      if (!(mandate.json.data as { signupDirectDebit?: unknown } | undefined)?.signupDirectDebit) {
        fail(`signupDirectDebit: ${JSON.stringify(mandate.json.errors).slice(0, 200)}`);
        continue;
      }
      timings.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: SIGNUP_CONCURRENCY }, worker));
  return { timings: timings.sort((a, b) => a - b), failures };
}

const quantile = (sorted: number[], q: number) => (sorted.length ? Number(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1)) : null);

export async function signupBenchmark(): Promise<void> {
  const product = await startProduct();
  try {
    const timings: number[] = [];
    const failures = new Map<string, number>();
    let next = 0;
    const worker = async () => {
      while (next < SAMPLES) {
        const i = next++;
        const started = performance.now();
        const res = await fetch(`${product.baseUrl}/api/v2/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i % 100}` },
          body: JSON.stringify({ query: QUERY, variables: { input: inputOf(i) } }),
        });
        const body = (await res.json()) as { data?: { publicQuote?: unknown }; errors?: Array<{ message: string }> };
        timings.push(performance.now() - started);
        if (!body.data?.publicQuote) {
          const reason = body.errors?.[0]?.message.replace(/\(.*\)$/, '') ?? `HTTP ${res.status}`;
          failures.set(reason, (failures.get(reason) ?? 0) + 1);
        }
      }
    };
    // A first request warms the schema and the connection pool, as a running site would be.
    await fetch(`${product.baseUrl}/api/v2/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: QUERY, variables: { input: inputOf(0) } }) });
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    timings.sort((a, b) => a - b);
    const at = (q: number) => Number(timings[Math.min(timings.length - 1, Math.floor(q * timings.length))]!.toFixed(1));
    const refused = [...failures.values()].reduce((sum, count) => sum + count, 0);
    console.log(`public quote over ${SAMPLES} varied inputs, ${CONCURRENCY} at a time: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms; ${refused} refused`);
    for (const [reason, count] of failures) console.log(`  refused ${count}×: ${reason}`);

    const signups = await timeSignups(product.baseUrl);
    const incomplete = [...signups.failures.values()].reduce((sum, count) => sum + count, 0);
    console.log(`sign-ups (house of two, Direct Debit) through the REST endpoint, ${SIGNUP_CONCURRENCY} at a time: ${signups.timings.length} of ${SIGNUPS} complete; p50 ${quantile(signups.timings, 0.5)} ms, p95 ${quantile(signups.timings, 0.95)} ms, max ${quantile(signups.timings, 1)} ms`);
    for (const [reason, count] of signups.failures) console.log(`  not complete ${count}×: ${reason}`);
    console.log(JSON.stringify({ bench: 'signup', quote_p50_ms: at(0.5), quote_p95_ms: at(0.95), quotes_refused: refused, signups: signups.timings.length, signups_incomplete: incomplete, signup_p95_ms: quantile(signups.timings, 0.95) }));
  } finally {
    product.child.kill('SIGTERM');
    await product.exited;
  }
}
