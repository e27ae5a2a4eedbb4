import { startProduct } from '../testing/product-process';

/*
 * `npm run bench -- signup`: the public quote against the running product (npm start's demo data), over
 * 1,000 varied inputs — postcodes of the demo regions, 1–12 tenants, every service mix and broadband speed,
 * both billing types — from 100 visitors (X-Forwarded-For, believed from loopback) so that the per-address
 * limit is never what is measured. Ten requests are in flight at once, as from many browsers.
 * Sign-up through the REST endpoints is not built yet: its figure is null until it is.
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
    console.log(JSON.stringify({ bench: 'signup', quote_p50_ms: at(0.5), quote_p95_ms: at(0.95), quotes_refused: refused, signup_p95_ms: null }));
  } finally {
    product.child.kill('SIGTERM');
    await product.exited;
  }
}
