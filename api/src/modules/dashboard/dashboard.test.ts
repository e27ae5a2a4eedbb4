import { startApiHarness, type ApiHarness } from '../../testing';
import { addMonths, findResourceSpec, pluralOf } from '../../rules';

/*
 * The back office's dashboard: each tile's count is what its list shows with the tile's filter, only tiles the
 * role may open are there, the month's money adds up from the payments and statements, and it is per group.
 */
let api: ApiHarness;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  api = await startApiHarness();
  for (const who of ['staff', 'partner', 'tenant']) tokens[who] = await api.signIn(`${who}@demo.test`);
});
afterAll(() => api.stop());

const DASHBOARD = '{ backOfficeDashboard { today tiles { key label resource filter count } finance { billedPence collectedPence debt { label contracts owedPence } } } }';
type Tile = { key: string; resource: string; filter: Record<string, unknown>; count: number };

async function dashboard(who: string, group = '1') {
  return api.graphql(DASHBOARD, {}, tokens[who], { 'X-Group-ID': group });
}

it("gives each tile the count of the list it opens, with the list's own filter", async () => {
  const { body } = await dashboard('staff');
  const tiles: Tile[] = body.data.backOfficeDashboard.tiles;
  expect(tiles.map((tile) => tile.key)).toEqual(['readingsToApprove', 'billingIssues', 'failedPayments', 'ddReturns', 'creditControlDue', 'signUpsInProgress', 'contractsStarting', 'contractsEnding', 'jobsFailed', 'billRunHousesFailed']);
  for (const tile of tiles) {
    const plural = tile.resource === 'Job' ? 'Jobs' : pluralOf(findResourceSpec(tile.resource)!);
    const list = await api.graphql(`query ($filter: JSON) { rows: all${plural}(filter: $filter, perPage: 1000) { id } meta: _all${plural}Meta(filter: $filter) { count } }`, { filter: tile.filter }, tokens.staff, { 'X-Group-ID': '1' });
    expect({ key: tile.key, count: tile.count }).toEqual({ key: tile.key, count: list.body.data.meta.count });
    expect(list.body.data.rows).toHaveLength(tile.count);
  }
  // The demo data has work to show, so the comparison above is not between zeros.
  expect(tiles.filter((tile) => tile.count > 0).length).toBeGreaterThanOrEqual(3);
});

it('adds up the month: billed from issued statements, collected from payments taken, and debt by age', async () => {
  const { today, finance } = (await dashboard('staff')).body.data.backOfficeDashboard;
  const monthStart = `${today.slice(0, 8)}01`;
  const [paid] = await api.db.knex('payments').where({ group_id: 1, status: 'PAID' }).where('payment_date', '>=', monthStart).where('payment_date', '<', addMonths(monthStart, 1)).sum({ pence: 'amount_pence' });
  expect(finance.collectedPence).toBe(Number(paid?.pence ?? 0));
  const [issued] = await api.db.knex('bills').where({ group_id: 1, state: 'ISSUED' }).whereIn('kind', ['TENANT_STATEMENT', 'FINAL_STATEMENT', 'ENERGY_BILL']).where('issue_date', '>=', monthStart).where('issue_date', '<', addMonths(monthStart, 1)).sum({ pence: 'total_pence' });
  expect(finance.billedPence).toBe(Number(issued?.pence ?? 0));
  const owed = await api.db.knex('ledger_entries').where({ group_id: 1 }).groupBy('tenant_contract_id').havingRaw('SUM(amount_pence) > 0').select(api.db.knex.raw('SUM(amount_pence) AS balance'));
  expect(finance.debt.reduce((sum: number, bucket: { owedPence: number }) => sum + bucket.owedPence, 0)).toBe(owed.reduce((sum, row: { balance: string }) => sum + Number(row.balance), 0));
  expect(finance.debt.reduce((sum: number, bucket: { contracts: number }) => sum + bucket.contracts, 0)).toBe(owed.length);
});

it("shows the partner desk only its readings' tile and no money, and refuses tenants", async () => {
  const partner = (await dashboard('partner')).body.data.backOfficeDashboard;
  expect(partner.tiles.map((tile: Tile) => tile.key)).toEqual(['readingsToApprove', 'signUpsInProgress']);
  expect(partner.finance).toBeNull();
  expect((await dashboard('tenant')).status).toBe(403);
});

it('counts per group: group 2 has its own numbers', async () => {
  const one = (await dashboard('staff', '1')).body.data.backOfficeDashboard.tiles as Tile[];
  const two = (await dashboard('staff', '2')).body.data.backOfficeDashboard.tiles as Tile[];
  const houses = async (group: number) => Number((await api.db.knex('houses').where({ group_id: group, status: 'INCOMPLETE_SIGNUP' }).count({ n: '*' }))[0]!.n);
  expect(one.find((tile) => tile.key === 'signUpsInProgress')!.count).toBe(await houses(1));
  expect(two.find((tile) => tile.key === 'signUpsInProgress')!.count).toBe(await houses(2));
});
