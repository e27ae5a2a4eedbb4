import { createKnex, ensureDatabase, type Knex } from '@app/db';
import { defaultAnchor } from '@app/fixtures/src/scale/build-scale';
import { londonDate } from '../rules';
import { startTestServer, withDatabase } from '../testing/server-for-tests';
import { agentListsBenchmark } from './agent-lists.bench';
import { percentiles, startBenchApi, type BenchApi } from './bench-api';
import { ensureScaleSet, SCALE_DATABASE } from './scale-set';

const DATABASE = SCALE_DATABASE;
const WARM_UP = 3;
const RUNS = Number(process.env.BENCH_LISTS_RUNS ?? 30);
const PER_PAGE = 25;

interface Case {
  resource: string;
  label: string;
  page?: number;
  sortField?: string;
  sortOrder?: 'ASC' | 'DESC';
  filter?: Record<string, unknown>;
}

/** Typical values for the filters, taken from group 1's busiest records. */
async function sampleFilters(knex: Knex): Promise<Record<string, number | string>> {
  const one = async (sql: string) => Object.values(((await knex.raw(sql)) as { rows: Array<Record<string, number>> }).rows[0] ?? { v: 0 })[0]!;
  const anchor = defaultAnchor(londonDate(new Date()));
  return {
    houseId: await one(`SELECT house_id FROM meter_readings WHERE group_id = 1 ORDER BY house_id DESC LIMIT 1`),
    meterId: await one(`SELECT meter_id FROM meter_readings WHERE group_id = 1 ORDER BY meter_id DESC LIMIT 1`),
    houseContractId: await one(`SELECT house_contract_id FROM tenant_contracts WHERE group_id = 1 ORDER BY house_contract_id DESC LIMIT 1`),
    billHouseContractId: (await knex.schema.hasTable('bills')) ? await one(`SELECT house_contract_id FROM bills WHERE group_id = 1 ORDER BY id DESC LIMIT 1`) : 0,
    tenantContractId: (await knex.schema.hasTable('payments')) ? await one(`SELECT tenant_contract_id FROM payments WHERE group_id = 1 ORDER BY id DESC LIMIT 1`) : 0,
    billTenantContractId: (await knex.schema.hasTable('bills')) ? await one(`SELECT tenant_contract_id FROM bills WHERE group_id = 1 AND tenant_contract_id IS NOT NULL ORDER BY id DESC LIMIT 1`) : 0,
    rangeFrom: new Date(Date.parse(anchor) - 60 * 86_400_000).toISOString().slice(0, 10),
    rangeTo: new Date(Date.parse(anchor) - 30 * 86_400_000).toISOString().slice(0, 10),
  };
}

function cases(f: Record<string, number | string>): Case[] {
  const deep = [1, 10, 100, 400];
  const range = (field: string) => ({ [`${field}_gte`]: f.rangeFrom, [`${field}_lte`]: f.rangeTo });
  return [
    ...deep.map((page) => ({ resource: 'MeterReading', label: `default sort, page ${page}`, page })),
    { resource: 'MeterReading', label: 'status PENDING', filter: { status: 'PENDING' } },
    { resource: 'MeterReading', label: 'status APPROVED, page 100', filter: { status: 'APPROVED' }, page: 100 },
    { resource: 'MeterReading', label: 'source TENANT_PORTAL, page 400', filter: { source: 'TENANT_PORTAL' }, page: 400 },
    { resource: 'MeterReading', label: 'by house', filter: { houseId: f.houseId } },
    { resource: 'MeterReading', label: 'by meter', filter: { meterId: f.meterId } },
    { resource: 'MeterReading', label: 'reading date range (30 days)', filter: range('readingDate') },
    { resource: 'MeterReading', label: 'reading date range, page 100', filter: range('readingDate'), page: 100 },
    { resource: 'MeterReading', label: 'sort readingDate ASC, page 10', sortField: 'readingDate', sortOrder: 'ASC', page: 10 },
    ...deep.map((page) => ({ resource: 'TenantContract', label: `default sort, page ${page}`, page })),
    { resource: 'TenantContract', label: 'status ACTIVE', filter: { status: 'ACTIVE' } },
    { resource: 'TenantContract', label: 'status ACTIVE, page 400', filter: { status: 'ACTIVE' }, page: 400 },
    { resource: 'TenantContract', label: 'by house contract', filter: { houseContractId: f.houseContractId } },
    { resource: 'TenantContract', label: 'start date range', filter: { startDate_gte: '2026-07-01', startDate_lte: '2026-07-31' } },
    { resource: 'TenantContract', label: 'sort endDate ASC, page 10', sortField: 'endDate', sortOrder: 'ASC', page: 10 },
    { resource: 'TenantContract', label: 'payment method DIRECT_DEBIT', filter: { paymentMethod: 'DIRECT_DEBIT' } },
    ...deep.map((page) => ({ resource: 'Bill', label: `default sort, page ${page}`, page })),
    { resource: 'Bill', label: 'kind HOUSE_STATEMENT', filter: { kind: 'HOUSE_STATEMENT' } },
    { resource: 'Bill', label: 'status DISPUTE', filter: { status: 'DISPUTE' } },
    { resource: 'Bill', label: 'by house contract', filter: { houseContractId: f.billHouseContractId } },
    { resource: 'Bill', label: 'by tenant contract', filter: { tenantContractId: f.billTenantContractId } },
    { resource: 'Bill', label: 'issue date range', filter: range('issueDate') },
    { resource: 'Bill', label: 'sort periodStart ASC, page 10', sortField: 'periodStart', sortOrder: 'ASC', page: 10 },
    ...deep.map((page) => ({ resource: 'Payment', label: `default sort, page ${page}`, page })),
    { resource: 'Payment', label: 'status OUTSTANDING', filter: { status: 'OUTSTANDING' } },
    { resource: 'Payment', label: 'method CREDIT_CARD, page 100', filter: { method: 'CREDIT_CARD' }, page: 100 },
    { resource: 'Payment', label: 'by tenant contract', filter: { tenantContractId: f.tenantContractId } },
    { resource: 'Payment', label: 'payment date range', filter: range('paymentDate') },
    { resource: 'Payment', label: 'payment date range, page 100', filter: range('paymentDate'), page: 100 },
  ];
}

const PLURALS: Record<string, string> = { MeterReading: 'MeterReadings', TenantContract: 'TenantContracts', Bill: 'Bills', Payment: 'Payments' };

/**
 * Latency of the busiest back-office lists (meter readings, tenant contracts, bills, payments) on a large
 * data set: each call is the list query plus its `_allXMeta` count in one request, exactly as the admin's
 * data provider sends it (page, perPage 25, sortField, sortOrder, filter; X-Group-ID 1).
 */
export async function listsBenchmark(): Promise<void> {
  const { serverUrl, embedded } = await startTestServer();
  const url = withDatabase(serverUrl, DATABASE);
  await ensureDatabase(url);
  const knex = createKnex(url, { poolMax: 10 });
  let api: BenchApi | null = null;
  try {
    await ensureScaleSet(knex);
    const filters = await sampleFilters(knex);
    const rows = Number(((await knex('meter_readings').count({ count: '*' })) as Array<{ count: number }>)[0]!.count);
    api = await startBenchApi(knex, url);
    const { post, token } = api;

    // The fields the admin selects: every scalar and enum field of the type (ids of references included).
    const selection = async (type: string) => {
      const res = await post(`{ __type(name: "${type}") { fields { name type { kind ofType { kind ofType { kind } } } } } }`, {}, token);
      const fields = (res.data?.__type as { fields: Array<{ name: string; type: { kind: string; ofType?: { kind: string } | null } }> } | null)?.fields;
      if (!fields) throw new Error(`the API does not serve ${type} yet (is /tmp/engine-ready there?)`);
      const leaf = (t: { kind: string; ofType?: { kind: string } | null }) => ['SCALAR', 'ENUM'].includes(t.kind === 'NON_NULL' ? (t.ofType?.kind ?? '') : t.kind);
      return fields.filter((field) => leaf(field.type)).map((field) => field.name).join(' ');
    };

    const results: Array<{ resource: string; label: string; p50: number; p95: number; total: number }> = [];
    // BENCH_LISTS_ONLY=agent times the agent portal's lists alone.
    for (const resource of process.env.BENCH_LISTS_ONLY === 'agent' ? [] : Object.keys(PLURALS)) {
      const plural = PLURALS[resource]!;
      const fields = await selection(resource);
      const query = `query all${plural}($page: Int, $perPage: Int, $sortField: String, $sortOrder: String, $filter: JSON) {
        items: all${plural}(page: $page, perPage: $perPage, sortField: $sortField, sortOrder: $sortOrder, filter: $filter) { ${fields} }
        total: _all${plural}Meta(filter: $filter) { count } }`;
      for (const c of cases(filters).filter((candidate) => candidate.resource === resource)) {
        const variables = { page: (c.page ?? 1) - 1, perPage: PER_PAGE, sortField: c.sortField, sortOrder: c.sortOrder, filter: c.filter ?? {} };
        const timings: number[] = [];
        let total = 0;
        for (let i = 0; i < WARM_UP + RUNS; i += 1) {
          const started = performance.now();
          const body = await post(query, variables, token);
          const elapsed = performance.now() - started;
          if (body.errors) throw new Error(`${resource} ${c.label}: ${body.errors[0]!.message}`);
          total = (body.data?.total as { count: number }).count;
          if (i >= WARM_UP) timings.push(elapsed);
        }
        const result = { resource, label: c.label, ...percentiles(timings), total };
        results.push(result);
        console.log(`${resource.padEnd(15)} ${c.label.padEnd(36)} total ${String(total).padStart(6)}   p50 ${result.p50.toFixed(1).padStart(7)} ms   p95 ${result.p95.toFixed(1).padStart(7)} ms`);
      }
    }
    const time = async (query: string, variables: Record<string, unknown>, agentToken: string) => {
      const timings: number[] = [];
      let body: Record<string, unknown> = {};
      for (let i = 0; i < WARM_UP + RUNS; i += 1) {
        const started = performance.now();
        const answer = await post(query, variables, agentToken);
        const elapsed = performance.now() - started;
        if (answer.errors) throw new Error(`agent portal: ${answer.errors[0]!.message}`);
        body = answer.data ?? {};
        if (i >= WARM_UP) timings.push(elapsed);
      }
      return { ...percentiles(timings), body };
    };
    results.push(...(await agentListsBenchmark(knex, post, time)));
    const slow = results.filter((r) => r.p95 > 50);
    if (slow.length) console.log(`Above 50 ms at p95: ${slow.map((r) => `${r.resource} ${r.label}`).join('; ')}`);
    console.log(JSON.stringify({ bench: 'lists', p95_ms: Number(Math.max(...results.map((r) => r.p95)).toFixed(1)), rows: Number(rows) }));
  } finally {
    await api?.stop();
    await knex.destroy();
    await embedded?.stop();
  }
}
