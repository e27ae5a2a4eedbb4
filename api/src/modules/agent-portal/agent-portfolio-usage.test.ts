import request from 'supertest';
import { createQueues } from '../../jobs/create-queues';
import { QUEUES } from '../../jobs/queues';
import { downloadToken, startApiHarness, type ApiHarness } from '../../testing';
import { requestUsageReport } from '../usage-reports';
import { runUsageReport } from '../usage-reports/run-usage-report.service';

/*
 * The Portfolio usage summary and the usage report from the agent portal: a house of the agency's branch on
 * Green Saver uses energy over a period with no demo contract in it; the agent sees its kWh against what the
 * allowance covers for those days, asks for the report, and downloads it; nobody else's houses or reports.
 */

let api: ApiHarness;
const tokens: Record<string, string> = {};
let hydePark: number;
let branch: number;
let fallowfield: number;
let houseId: number;

const USAGE = `query ($agencyId: Int, $periodStart: String, $periodEnd: String, $page: Int) {
  agentPortfolioUsage(agencyId: $agencyId, periodStart: $periodStart, periodEnd: $periodEnd, page: $page) {
    periodStart periodEnd total page perPage nodes { houseId contracts { billingType planType fromDate toDate } address { streetName } utilities { utilityType usedKwh allowanceKwh estimated incomplete } } } }`;
const REQUEST = 'mutation ($agencyId: Int, $periodStart: String!, $periodEnd: String!) { agentRequestUsageReport(agencyId: $agencyId, periodStart: $periodStart, periodEnd: $periodEnd) { id status fileName } }';
const REPORTS = 'query ($agencyId: Int) { agentUsageReports(agencyId: $agencyId) { id status downloadPath periodStart periodEnd } }';
const PERIOD = { periodStart: '2033-09-01', periodEnd: '2034-02-28' };
const code = (res: { body: { errors?: Array<{ extensions?: { code?: string } }> } }) => res.body.errors?.[0]?.extensions?.code;

/** A 4-bedroom branch house on Green Saver for 2033/34, an electricity and a gas meter, reads at both ends of PERIOD. */
async function buildHouse(): Promise<number> {
  const knex = api.db.knex;
  const [house] = await knex('houses').insert({ group_id: 1, agency_id: branch, street_name: '1 Allowance Row', city_name: 'Leeds', post_code: 'LS6 2AB', bedrooms: 4, status: 'ACTIVE' }).returning('id');
  await knex('house_contracts').insert({ group_id: 1, house_id: house.id, agency_id: branch, status: 'ACTIVE', billing_type: 'PLAN', plan_type: 'GREENSAVER', supply_type: 'DUAL', sign_up_date: '2033-09-01', end_date: '2034-08-31', number_of_tenants: 4, customers_sharing: 4 });
  const [electric] = await knex('meters').insert({ group_id: 1, house_id: house.id, utility_type: 'electric', rate_type: 'SINGLE', serial_number: 'E99ALLOW1' }).returning('id');
  const [gas] = await knex('meters').insert({ group_id: 1, house_id: house.id, utility_type: 'gas', rate_type: 'METRIC', serial_number: 'G99ALLOW1' }).returning('id');
  const read = (meterId: number, reading_date: string, value: number, type = 'ACTUAL') => ({ group_id: 1, meter_id: meterId, house_id: house.id, register: 'SINGLE', reading_date, value, type, status: 'APPROVED', source: 'BACK_OFFICE' });
  await knex('meter_readings').insert([read(electric.id, '2033-09-01', 1000), read(electric.id, '2034-02-28', 2500), read(gas.id, '2033-09-01', 100), read(gas.id, '2034-02-28', 200, 'ESTIMATE')]);
  return house.id;
}

async function findHouse(token: string, variables: Record<string, unknown>) {
  for (let page = 1; ; page += 1) {
    const answer = (await api.graphql(USAGE, { ...variables, page }, token)).body.data.agentPortfolioUsage;
    const found = answer.nodes.find((node: { houseId: number }) => node.houseId === houseId);
    if (found || page * answer.perPage >= answer.total) return { answer, found };
  }
}

beforeAll(async () => {
  api = await startApiHarness();
  await createQueues(api.boss, [QUEUES['reports.usage']]);
  for (const who of ['agent', 'fo-agent', 'staff', 'tenant']) tokens[who] = await api.signIn(`${who}@demo.test`);
  const ids: Record<string, number> = Object.fromEntries((await api.db.knex('agencies').select('id', 'name')).map((row: { id: number; name: string }) => [row.name, row.id]));
  [hydePark, branch, fallowfield] = [ids['Hyde Park Lettings']!, ids['Hyde Park Lettings (Headingley branch)']!, ids['Fallowfield Student Homes']!];
  houseId = await buildHouse();
});
afterAll(() => api.stop());

it("shows a branch house's kWh in the period against what its Green Saver allowance covers for those days", async () => {
  const { answer, found } = await findHouse(tokens.agent!, PERIOD);
  expect(answer).toMatchObject({ ...PERIOD, perPage: 25 });
  const estimate = async (utility: string) => (await api.db.knex('usage_estimates').where({ supply_type: 'DUAL', utility_type: utility, energy_use_type: 'MEDIUM', bedrooms: 4 }).orderBy('estimate_type', 'desc').first('kwh_per_year')).kwh_per_year;
  const days = 181; // 1 September 2033 to 28 February 2034
  expect(found).toEqual({
    houseId,
    contracts: [{ billingType: 'PLAN', planType: 'GREENSAVER', fromDate: '2033-09-01', toDate: '2034-02-28' }],
    address: { streetName: '1 Allowance Row' },
    utilities: [
      { utilityType: 'electric', usedKwh: 1500, allowanceKwh: Math.round((days * (await estimate('electric'))) / 365), estimated: false, incomplete: false },
      // 100 m³ of gas: × 1.02264 volume correction × 39.5 MJ/m³ ÷ 3.6 MJ/kWh = 1,122 kWh, from an estimated closing read.
      { utilityType: 'gas', usedKwh: 1122, allowanceKwh: Math.round((days * (await estimate('gas'))) / 365), estimated: true, incomplete: false },
    ],
  });
  const expected = await api.db.knex('houses').whereIn('agency_id', [hydePark, branch]).whereExists((q) => q.select(1).from('meters').whereRaw('meters.house_id = houses.id').whereIn('utility_type', ['electric', 'gas'])).count('* as count').first();
  expect(answer.total).toBe(Number(expected!.count));
});

it('defaults to the last twelve months and names each bad field', async () => {
  const answer = (await api.graphql(USAGE, {}, tokens.agent)).body.data.agentPortfolioUsage;
  const end = new Date(`${answer.periodEnd}T00:00:00Z`);
  end.setUTCFullYear(end.getUTCFullYear() - 1);
  end.setUTCDate(end.getUTCDate() + 1);
  expect(answer.periodStart).toBe(end.toISOString().slice(0, 10));
  const bad = await api.graphql(USAGE, { periodStart: '2034-02-30', periodEnd: '2034-01-01', page: 0 }, tokens.agent);
  expect(code(bad)).toBe('BAD_USER_INPUT');
  expect(bad.body.errors[0].extensions.fields.map((f: { field: string }) => f.field)).toEqual(['periodStart', 'page']);
  const long = await api.graphql(USAGE, { periodStart: '2033-01-01', periodEnd: '2034-02-28' }, tokens.agent);
  expect(long.body.errors[0].extensions.fields).toEqual([expect.objectContaining({ field: 'periodEnd', message: 'A usage report covers at most 366 days: ask for one per year' })]);
});

it("never shows another agency's houses, and refuses another agency's id, tenants and staff", async () => {
  const { found } = await findHouse(tokens['fo-agent']!, { ...PERIOD, agencyId: fallowfield });
  expect(found).toBeUndefined();
  for (const query of [USAGE, REPORTS]) expect(code(await api.graphql(query, { agencyId: fallowfield }, tokens.agent))).toBe('FORBIDDEN');
  expect(code(await api.graphql(REQUEST, { ...PERIOD, agencyId: fallowfield }, tokens.agent))).toBe('FORBIDDEN');
  for (const who of ['tenant', 'staff']) expect(code(await api.graphql(USAGE, {}, tokens[who]))).toBe('FORBIDDEN');
});

it("makes the agency's usage report (its branch's houses too), lists it for the agency's agents, and lets only them download it", async () => {
  const asked = await api.graphql(REQUEST, PERIOD, tokens.agent);
  expect(asked.body.errors).toBeUndefined();
  expect(asked.body.data.agentRequestUsageReport).toMatchObject({ status: 'IN_PROGRESS', fileName: `usage-report-2033-09-01-2034-02-28-agency-${hydePark}.csv` });
  const id = asked.body.data.agentRequestUsageReport.id;
  expect(await runUsageReport(api.db.knex, Number(id))).toMatchObject({ status: 'READY' });

  const listed = (await api.graphql(REPORTS, { agencyId: hydePark }, tokens['fo-agent'])).body.data.agentUsageReports;
  expect(listed[0]).toEqual({ id, status: 'READY', downloadPath: `/api/v2/usage-reports/${id}/download`, ...PERIOD });
  const link = listed[0].downloadPath;
  const download = await request(api.app.express).get(link).query({ jwt: await downloadToken(api, link, tokens.agent!) });
  expect(download.status).toBe(200);
  const lines = download.text.split('\r\n').filter(Boolean);
  expect(lines.some((line) => line.includes('1 Allowance Row') && line.includes('E99ALLOW1') && line.includes(',1500,'))).toBe(true);
  expect(lines.slice(1).every((line) => line.includes('Hyde Park Lettings'))).toBe(true);
  const told = await api.db.knex('notifications').where({ type: 'USAGE_REPORT_READY' }).orderBy('id', 'desc').first('actions');
  expect(JSON.stringify(told.actions)).toContain('/agent-portal/portfolio-usage-summary');

  // Staff's report of another agency: not the agent's to see or download; and tenants may not download reports.
  const staffId = (await api.db.knex('users').where({ email: 'staff@demo.test' }).first('id')).id;
  const other = await requestUsageReport({ db: api.db.knex, boss: api.boss, userId: staffId, groupId: 1 }, { ...PERIOD, agencyId: fallowfield });
  await runUsageReport(api.db.knex, Number(other.id));
  const otherLink = `/api/v2/usage-reports/${other.id}/download`;
  expect((await request(api.app.express).get(otherLink).query({ jwt: await downloadToken(api, otherLink, tokens.agent!) })).status).toBe(404);
  expect((await request(api.app.express).get(link).query({ jwt: await downloadToken(api, link, tokens.tenant!) })).status).toBe(403);
  expect((await api.graphql(REPORTS, {}, tokens.agent)).body.data.agentUsageReports.map((r: { id: string }) => r.id)).not.toContain(other.id);
});
