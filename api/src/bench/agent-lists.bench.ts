import type { Knex } from '@app/db';
import { hashPassword } from '../auth';
import type { Post } from './bench-api';

/** The agent portal's lists on the scale set: one agency holding 2,000 houses, read by one of its agents. */
const AGENCY_HOUSES = 2_000;
export const AGENT_EMAIL = 'bench-agent@bench.test';
export const AGENT_PASSWORD = 'Bench-agent-1234';

export interface AgentListResult {
  resource: string;
  label: string;
  p50: number;
  p95: number;
  total: number;
}

/** Gives the first group-1 agency the first 2,000 group-1 houses and a FULL-access agent (idempotent). */
export async function prepareAgency(knex: Knex): Promise<{ agencyId: number; houseId: number; postCodePrefix: string }> {
  const agency = await knex('agencies').where({ group_id: 1 }).whereNull('parent_id').orderBy('id').first('id');
  if (!agency) throw new Error('the scale set has no agency');
  await knex('agencies').where({ id: agency.id }).update({ portal_permissions: 'FULL', is_active: true, root_account: true });
  await knex.raw(`UPDATE houses SET agency_id = ? WHERE id IN (SELECT id FROM houses WHERE group_id = 1 ORDER BY id LIMIT ?) AND agency_id IS DISTINCT FROM ?`, [agency.id, AGENCY_HOUSES, agency.id]);
  let agent = await knex('users').whereRaw('lower(email) = ?', [AGENT_EMAIL]).first('id');
  if (!agent) {
    [agent] = await knex('users').insert({ email: AGENT_EMAIL, first_name: 'Bench', last_name: 'Agent', role: 'agent', password_hash: await hashPassword(AGENT_PASSWORD), confirmed_at: knex.fn.now() }).returning('id');
  }
  await knex('agent_agencies').insert({ user_id: agent.id, agency_id: agency.id }).onConflict(['user_id', 'agency_id']).ignore();
  const house = await knex('houses').where({ agency_id: agency.id }).orderBy('id', 'desc').first('id', 'post_code');
  return { agencyId: agency.id, houseId: house.id, postCodePrefix: String(house.post_code).slice(0, 3) };
}

const PROPERTIES = `query ($search: String, $status: String, $sort: AgentPropertySort, $descending: Boolean, $page: Int, $perPage: Int, $contractFrom: String, $contractTo: String) {
  agentProperties(search: $search, status: $status, sort: $sort, descending: $descending, page: $page, perPage: $perPage, contractFrom: $contractFrom, contractTo: $contractTo) {
    total nodes { id status address { streetName cityName postCode } currentContract { id status signUpDate endDate agencyHouseContractStatus tenantsSigned tenantsExpected services { utilityType utilityStatus } } } } }`;
const DASHBOARD = `{ agentDashboard { agencyName housesByStatus { key count } contractsByAgencyStatus { key count } contractsStarting { total nodes { houseId address date } }
  contractsEnding { total nodes { houseId address date } } readingsDue { total nodes { houseId address lastReadingDate } } billingIssues { total nodes { houseId billingStatus } } tenantsToSign { houseId names } actions { kind houseId text } } }`;
const USAGE = `query ($page: Int) { agentPortfolioUsage(page: $page) { total nodes { houseId contracts { planType fromDate } utilities { utilityType usedKwh allowanceKwh estimated incomplete } } } }`;
const BILL_PACKAGES = `{ agentBillPackages { quotePath packages { planType weeklyPerTenantPence allowanceKwh currentHouses } } }`;
const PROPERTY = `query ($propertyId: Int!) { agentProperty(propertyId: $propertyId) { id contracts { id period tenantContracts { name status } services { utilityType } } supplies { mpxn supplierName } meters { id } readings { id value status } } }`;

/**
 * Latency of the agent portal's lists for an agency of 2,000 houses (All properties in its filters and
 * sorts, the dashboard, a property's tabs, the usage summary, the bills packages), each timed like the back-office lists.
 */
export async function agentListsBenchmark(knex: Knex, post: Post, time: (query: string, variables: Record<string, unknown>, token: string) => Promise<{ p50: number; p95: number; body: Record<string, unknown> }>): Promise<AgentListResult[]> {
  const { houseId, postCodePrefix } = await prepareAgency(knex);
  const login = await post('mutation ($input: LoginInput!) { login(input: $input) { auth { jwtToken } } }', { input: { email: AGENT_EMAIL, password: AGENT_PASSWORD, userRole: 'agent' } });
  const token = (login.data?.login as { auth?: { jwtToken?: string } } | undefined)?.auth?.jwtToken;
  if (!token) throw new Error(`agent sign-in failed: ${JSON.stringify(login.errors ?? login)}`);
  const cases: Array<[string, string, Record<string, unknown>]> = [
    ['agentProperties', 'page 1 (25, by address)', { perPage: 25 }],
    ['agentProperties', 'last page (25)', { perPage: 25, page: 80 }],
    ['agentProperties', 'search postcode prefix', { search: postCodePrefix, perPage: 25 }],
    ['agentProperties', 'status ACTIVE, page 10', { status: 'ACTIVE', perPage: 25, page: 10 }],
    ['agentProperties', 'sort contract end DESC', { sort: 'CONTRACT_END', descending: true, perPage: 25 }],
    ['agentProperties', 'contract start range', { contractFrom: '2026-07-01', contractTo: '2026-10-31', perPage: 25 }],
    ['agentProperties', '100 a page', { perPage: 100 }],
    ['agentDashboard', 'the whole dashboard', {}],
    ['agentProperty', 'one property, four tabs', { propertyId: houseId }],
    ['agentPortfolioUsage', 'page 1 (25, last 12 months)', {}],
    ['agentPortfolioUsage', 'page 40', { page: 40 }],
    ['agentBillPackages', 'packages priced, houses per plan', {}],
  ];
  const QUERIES: Record<string, string> = { agentProperties: PROPERTIES, agentDashboard: DASHBOARD, agentProperty: PROPERTY, agentPortfolioUsage: USAGE, agentBillPackages: BILL_PACKAGES };
  const results: AgentListResult[] = [];
  for (const [resource, label, variables] of cases) {
    const { p50, p95, body } = await time(QUERIES[resource]!, variables, token);
    const total = (body[resource] as { total?: number }).total ?? 1;
    results.push({ resource, label, p50, p95, total });
    console.log(`${resource.padEnd(19)} ${label.padEnd(36)} total ${String(total).padStart(6)}   p50 ${p50.toFixed(1).padStart(7)} ms   p95 ${p95.toFixed(1).padStart(7)} ms`);
  }
  return results;
}
