import { startProduct } from '../testing/product-process';

const ACCOUNTS = ['tenant', 'billpayer', 'agent', 'fo-agent', 'staff', 'readonly', 'partner'].map((name) => `${name}@demo.test`);
// Within the sign-in limits (10 per account, 50 per address in 15 minutes), so every attempt is a real one.
const SAMPLES = 21;

const LOGIN = 'mutation ($input: LoginInput!) { login(input: $input) { auth { jwtToken } role } }';

/** Latency of the login mutation (argon2id verification, session, token) against the running product. */
export async function loginBenchmark(): Promise<void> {
  const product = await startProduct();
  try {
    const timings: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const started = performance.now();
      const res = await fetch(`${product.baseUrl}/api/v2/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: LOGIN, variables: { input: { email: ACCOUNTS[i % ACCOUNTS.length], password: 'Demo1234' } } }),
      });
      const body = (await res.json()) as { data?: { login?: unknown } };
      if (!body.data?.login) throw new Error(`login failed: ${JSON.stringify(body)}`);
      timings.push(performance.now() - started);
    }
    timings.sort((a, b) => a - b);
    const at = (q: number) => timings[Math.min(timings.length - 1, Math.floor(q * timings.length))]!.toFixed(1);
    console.log(`login mutation over ${SAMPLES} sign-ins: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`);
    console.log(JSON.stringify({ bench: 'login', p50_ms: Number(at(0.5)), p95_ms: Number(at(0.95)) }));
  } finally {
    product.child.kill('SIGTERM');
    await product.exited;
  }
}
