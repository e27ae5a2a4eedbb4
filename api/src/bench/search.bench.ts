import { createKnex, ensureDatabase, type Knex } from '@app/db';
import { startTestServer, withDatabase } from '../testing/server-for-tests';
import { percentiles, startBenchApi, type BenchApi } from './bench-api';
import { ensureScaleSet, SCALE_DATABASE } from './scale-set';

/*
 * `npm run bench -- search`: the back office's search box (globalSearch over HTTP, as the top bar asks it) on the
 * large data set of the lists bench (40,000 houses, about 186,000 tenants, their contracts and bills): houses
 * by postcode, part of a postcode or a street, tenants by name, full name or e-mail, contracts and bills by
 * reference. The issue asks for answers under 200 ms; each kind's p50/p95 is printed, then one JSON line.
 */

const PER_KIND = Number(process.env.BENCH_SEARCH_PER_KIND ?? 20);
const WARM_UP = 5;
const QUERY = 'query ($q: String!) { globalSearch(q: $q) { resource id label } }';

interface Case {
  kind: string;
  q: string;
}

/** `count` values of a column of group 1's rows, spread over the table (every n-th row by id), never the same twice. */
async function spread(knex: Knex, sql: string, count: number): Promise<string[]> {
  const { rows } = (await knex.raw(`SELECT DISTINCT ON (v) v FROM (${sql}) s WHERE v IS NOT NULL AND length(v) >= 2 ORDER BY v, md5(v) LIMIT ?`, [count * 20])) as { rows: Array<{ v: string }> };
  const step = Math.max(1, Math.floor(rows.length / count));
  return rows.filter((_row, index) => index % step === 0).slice(0, count).map((row) => row.v);
}

/** The queries staff type, taken from the data set so that most find something (and some find nothing). */
async function cases(knex: Knex): Promise<Case[]> {
  const houses = 'FROM houses WHERE group_id = 1';
  const tenants = `FROM users u WHERE u.role IN ('front', 'bill-payer') AND EXISTS (SELECT 1 FROM tenant_contracts tc WHERE tc.user_id = u.id AND tc.group_id = 1)`;
  const of = (kind: string, values: string[]) => values.map((q) => ({ kind, q }));
  return [
    ...of('house by postcode', await spread(knex, `SELECT post_code AS v ${houses}`, PER_KIND)),
    ...of('house by part of a postcode', await spread(knex, `SELECT split_part(post_code, ' ', 1) AS v ${houses}`, PER_KIND)),
    ...of('house by street', await spread(knex, `SELECT regexp_replace(street_name, '^[0-9]+[a-z]{0,1} ', '') AS v ${houses}`, PER_KIND)),
    ...of('tenant by surname', await spread(knex, `SELECT u.last_name AS v ${tenants}`, PER_KIND)),
    ...of('tenant by full name', await spread(knex, `SELECT u.first_name || ' ' || u.last_name AS v ${tenants}`, PER_KIND)),
    ...of('tenant by e-mail', await spread(knex, `SELECT u.email AS v ${tenants}`, PER_KIND)),
    ...of('house contract by reference', await spread(knex, `SELECT 'HC-' || id AS v FROM house_contracts WHERE group_id = 1`, PER_KIND)),
    ...of('tenant contract by reference', await spread(knex, `SELECT 'TC-' || id AS v FROM tenant_contracts WHERE group_id = 1`, PER_KIND)),
    ...of('bill by number', await spread(knex, `SELECT 'BILL-' || id AS v FROM bills WHERE group_id = 1`, PER_KIND)),
    ...of('nothing found', ['zz9 9zz', 'Xylophone Mansions', 'nobody@nowhere.invalid']),
  ];
}

export async function searchBenchmark(): Promise<void> {
  const { serverUrl, embedded } = await startTestServer();
  const url = withDatabase(serverUrl, SCALE_DATABASE);
  await ensureDatabase(url);
  const knex = createKnex(url, { poolMax: 10 });
  let api: BenchApi | null = null;
  try {
    await ensureScaleSet(knex);
    api = await startBenchApi(knex, url);
    const { post, token } = api;
    const search = async (q: string) => {
      const started = performance.now();
      const answer = await post(QUERY, { q }, token);
      const elapsed = performance.now() - started;
      if (answer.errors) throw new Error(`search "${q}": ${answer.errors[0]!.message}`);
      return { elapsed, hits: (answer.data?.globalSearch as unknown[]).length };
    };
    const all = await cases(knex);
    for (const { q } of all.slice(0, WARM_UP)) await search(q);
    const timings: number[] = [];
    const byKind = new Map<string, { timings: number[]; found: number }>();
    for (const { kind, q } of all) {
      const { elapsed, hits } = await search(q);
      timings.push(elapsed);
      const entry = byKind.get(kind) ?? { timings: [], found: 0 };
      entry.timings.push(elapsed);
      if (hits > 0) entry.found += 1;
      byKind.set(kind, entry);
    }
    for (const [kind, { timings: own, found }] of byKind) {
      const { p50, p95 } = percentiles(own);
      console.log(`${kind.padEnd(30)} ${String(own.length).padStart(3)} queries  found ${String(found).padStart(3)}   p50 ${p50.toFixed(1).padStart(7)} ms   p95 ${p95.toFixed(1).padStart(7)} ms`);
    }
    const { p50, p95 } = percentiles(timings);
    console.log(`all                            ${String(timings.length).padStart(3)} queries             p50 ${p50.toFixed(1).padStart(7)} ms   p95 ${p95.toFixed(1).padStart(7)} ms`);
    if (p95 > 200) console.log('p95 above the 200 ms the back office promises');
    console.log(JSON.stringify({ bench: 'search', p95_ms: Number(p95.toFixed(1)), queries: timings.length }));
  } finally {
    await api?.stop();
    await knex.destroy();
    await embedded?.stop();
  }
}
