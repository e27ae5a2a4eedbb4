import { SAMPLES, type SampleContext } from '@app/fixtures';
import { resourceSpec } from '../../rules';
import { startApiHarness, type ApiHarness } from '../../testing';
import { GRAPHQL_TYPE } from '../records/records.graphql';
import { planContractPrice } from './plan-schedule.service';

/*
 * PLAN schedules through the API: signing a PLAN house contract (status → ACTIVE) gives each tenant contract
 * one REGULAR_PAYMENT schedule and its INSTALMENT ledger charges; golden instalments per frequency and
 * payment day; idempotence; split liability; a tenant added later; BILL contracts get nothing.
 * "Today" is frozen at 2027-08-01 with the system date override, so the contracts can start on fixed dates.
 */

let api: ApiHarness;
let staff: string;
let counter = 0;
const TODAY = '2027-08-01';
/** £25 a week per tenant: £1,300 a year. */
const WEEKLY = 2500;

type Result = { data?: Record<string, Record<string, unknown>>; errors?: Array<{ message: string; extensions: { code: string; fields?: Array<{ field: string; message: string }> } }> };

function mutation(kind: 'create' | 'update', resource: string, input: Record<string, unknown>): string {
  const spec = resourceSpec(resource);
  const names = Object.keys(input).filter((name) => name !== 'id');
  const declarations = [...(kind === 'update' ? ['$id: ID!'] : []), ...names.map((name) => `$${name}: ${GRAPHQL_TYPE[spec.fields[name]!.kind]}`)];
  const args = [...(kind === 'update' ? ['id: $id'] : []), ...names.map((name) => `${name}: $${name}`)];
  return `mutation${declarations.length ? `(${declarations.join(', ')})` : ''} { result: ${kind}${resource}${args.length ? `(${args.join(', ')})` : ''} { id } }`;
}

async function write(kind: 'create' | 'update', resource: string, input: Record<string, unknown>): Promise<string> {
  const result = (await api.graphql(mutation(kind, resource, input), input, staff, { 'X-Group-ID': '1' })).body as Result;
  if (result.errors) throw new Error(`${kind}${resource}: ${JSON.stringify(result.errors)}`);
  return String(result.data!.result!.id);
}

async function create(resource: string, overrides: Record<string, unknown> = {}): Promise<string> {
  return write('create', resource, { ...(await SAMPLES[resource]!.create!(context)), ...overrides });
}

const context: SampleContext = { today: TODAY, unique: () => ++counter, create };

interface TenantSpec {
  start: string;
  end: string;
  paymentDay?: number;
}

/** A PLAN (or BILL) house contract with electricity and broadband and its tenant contracts, still PENDING. */
async function planHouse(options: { start: string; end: string; houseEnd?: string; frequency?: string; billingType?: string; tenants: TenantSpec[] }) {
  const houseContractId = await create('HouseContract', {
    signUpDate: options.start,
    endDate: options.houseEnd ?? options.end,
    billingType: options.billingType ?? 'PLAN',
    planType: 'GREENSAVER',
    paymentFrequency: options.frequency ?? 'MONTHLY',
    weeklyPricePence: WEEKLY,
  });
  await create('Service', { houseContractId, utilityType: 'electric', broadbandSpeed: null, utilityStatus: 'ACTIVE' });
  await create('Service', { houseContractId, utilityType: 'broadband', broadbandSpeed: '600' });
  const tenantContractIds: string[] = [];
  for (const tenant of options.tenants) tenantContractIds.push(await addTenant(houseContractId, tenant));
  return { houseContractId, tenantContractIds };
}

const addTenant = async (houseContractId: string, tenant: TenantSpec) =>
  create('TenantContract', { houseContractId, tenantId: await create('Tenant'), startDate: tenant.start, endDate: tenant.end, paymentDay: tenant.paymentDay ?? 1 });

const sign = (houseContractId: string) => write('update', 'HouseContract', { id: houseContractId, status: 'ACTIVE' });

const instalmentsOf = async (tenantContractId: string) =>
  (await api.db.knex('ledger_entries').where({ tenant_contract_id: Number(tenantContractId), kind: 'INSTALMENT' }).orderBy('entry_date').select('entry_date', 'amount_pence')).map(
    (row: { entry_date: string; amount_pence: number }) => [row.entry_date, row.amount_pence] as const,
  );
const schedulesOf = (tenantContractId: string) => api.db.knex('payment_schedules').where({ tenant_contract_id: Number(tenantContractId) }).orderBy('id');
const rowCounts = async (tenantContractIds: string[]) => ({
  schedules: Number((await api.db.knex('payment_schedules').whereIn('tenant_contract_id', tenantContractIds.map(Number)).count({ n: '*' }))[0]!.n),
  entries: Number((await api.db.knex('ledger_entries').whereIn('tenant_contract_id', tenantContractIds.map(Number)).count({ n: '*' }))[0]!.n),
});
const sum = (rows: ReadonlyArray<readonly [string, number]>) => rows.reduce((total, [, amount]) => total + amount, 0);

beforeAll(async () => {
  api = await startApiHarness();
  staff = await api.signIn('staff@demo.test');
  for (const [key, value] of [
    ['enableDateOverriding', true],
    ['currentDateOverride', TODAY],
  ] as const) {
    await api.db.knex('system_settings').insert({ key, value: JSON.stringify(value) }).onConflict('key').merge();
  }
});
afterAll(() => api.stop());

describe('the contract price', () => {
  it('is the weekly price per tenant × 52/12 a month, a part month by its days, rounded once', () => {
    expect(planContractPrice(WEEKLY, '2027-09-01', '2028-08-31')).toBe(130_000); // 52 weeks
    expect(planContractPrice(WEEKLY, '2027-09-01', '2028-05-31')).toBe(97_500); // 39 weeks
    // 9 whole months and 22 of 31 days: 130000 × (9 × 31 + 22) / (12 × 31) = 105188.17
    expect(planContractPrice(WEEKLY, '2027-11-10', '2028-08-31')).toBe(105_188);
  });
});

describe('signing a PLAN house contract', () => {
  it('MONTHLY, 12 months: 12 instalments on the payment day adding up to the price; one schedule', async () => {
    const { houseContractId, tenantContractIds } = await planHouse({ start: '2027-09-01', end: '2028-08-31', tenants: [{ start: '2027-09-01', end: '2028-08-31', paymentDay: 1 }] });
    const [tenant] = tenantContractIds as [string];
    expect(await rowCounts([tenant])).toEqual({ schedules: 0, entries: 0 }); // nothing before signing
    await sign(houseContractId);

    // 130000 / 12 = 10833.33: 10833 each, the 4 pennies left on the first.
    expect(await instalmentsOf(tenant)).toEqual([
      ['2027-09-01', 10837],
      ['2027-10-01', 10833],
      ['2027-11-01', 10833],
      ['2027-12-01', 10833],
      ['2028-01-01', 10833],
      ['2028-02-01', 10833],
      ['2028-03-01', 10833],
      ['2028-04-01', 10833],
      ['2028-05-01', 10833],
      ['2028-06-01', 10833],
      ['2028-07-01', 10833],
      ['2028-08-01', 10833],
    ]);
    expect(sum(await instalmentsOf(tenant))).toBe(130_000);
    expect(await schedulesOf(tenant)).toEqual([
      expect.objectContaining({
        group_id: 1,
        kind: 'REGULAR_PAYMENT',
        schedule_type: 'MONTHLY',
        cron: null,
        end_type: 'TIMES',
        times: 12,
        start_date: '2027-09-01',
        end_date: '2028-08-01',
        amount_pence: 10833,
        payment_day: 1,
        status: 'ACTIVE',
      }),
    ]);
  });

  it('QUARTERLY 4 and TRIANNUAL 3 instalments', async () => {
    const quarterly = await planHouse({ start: '2027-09-01', end: '2028-08-31', frequency: 'QUARTERLY', tenants: [{ start: '2027-09-01', end: '2028-08-31', paymentDay: 1 }] });
    await sign(quarterly.houseContractId);
    expect(await instalmentsOf(quarterly.tenantContractIds[0]!)).toEqual([
      ['2027-09-01', 32500],
      ['2027-12-01', 32500],
      ['2028-03-01', 32500],
      ['2028-06-01', 32500],
    ]);
    expect(await schedulesOf(quarterly.tenantContractIds[0]!)).toEqual([expect.objectContaining({ schedule_type: 'CRON', cron: '0 0 1 3,6,9,12 *', times: 4, amount_pence: 32500 })]);

    const triannual = await planHouse({ start: '2027-09-01', end: '2028-08-31', frequency: 'TRIANNUAL', tenants: [{ start: '2027-09-01', end: '2028-08-31', paymentDay: 1 }] });
    await sign(triannual.houseContractId);
    // 130000 / 3 = 43333.33: the penny left on the first.
    expect(await instalmentsOf(triannual.tenantContractIds[0]!)).toEqual([
      ['2027-09-01', 43334],
      ['2028-01-01', 43333],
      ['2028-05-01', 43333],
    ]);
    expect(await schedulesOf(triannual.tenantContractIds[0]!)).toEqual([expect.objectContaining({ schedule_type: 'CRON', cron: '0 0 1 1,5,9 *', times: 3, end_date: '2028-05-01' })]);
  });

  // The house contract validators count 9 months to the same day 9 months on: the house runs to 1 June, the tenant to 31 May.
  it('a 9-month contract: 9 monthly instalments of 39 weeks', async () => {
    const { houseContractId, tenantContractIds } = await planHouse({ start: '2027-09-01', end: '2028-05-31', houseEnd: '2028-06-01', tenants: [{ start: '2027-09-01', end: '2028-05-31', paymentDay: 1 }] });
    await sign(houseContractId);
    const instalments = await instalmentsOf(tenantContractIds[0]!);
    // 97500 / 9 = 10833.33: 10833 each, 3 pennies on the first.
    expect(instalments.map(([, amount]) => amount)).toEqual([10836, 10833, 10833, 10833, 10833, 10833, 10833, 10833, 10833]);
    expect(instalments.map(([date]) => date)).toEqual(['2027-09-01', '2027-10-01', '2027-11-01', '2027-12-01', '2028-01-01', '2028-02-01', '2028-03-01', '2028-04-01', '2028-05-01']);
    expect(sum(instalments)).toBe(97_500);
  });

  it('payment day 31 falls on the last day of each month: 30, 31, 29 (leap February) and 28', async () => {
    const leap = await planHouse({ start: '2027-09-01', end: '2028-08-31', tenants: [{ start: '2027-09-01', end: '2028-08-31', paymentDay: 31 }] });
    await sign(leap.houseContractId);
    expect((await instalmentsOf(leap.tenantContractIds[0]!)).map(([date]) => date)).toEqual([
      '2027-09-30',
      '2027-10-31',
      '2027-11-30',
      '2027-12-31',
      '2028-01-31',
      '2028-02-29',
      '2028-03-31',
      '2028-04-30',
      '2028-05-31',
      '2028-06-30',
      '2028-07-31',
      '2028-08-31',
    ]);
    expect(await schedulesOf(leap.tenantContractIds[0]!)).toEqual([expect.objectContaining({ payment_day: 31, start_date: '2027-09-01', end_date: '2028-08-31' })]);

    const common = await planHouse({ start: '2028-09-01', end: '2029-05-31', houseEnd: '2029-06-01', tenants: [{ start: '2028-09-01', end: '2029-05-31', paymentDay: 31 }] });
    await sign(common.houseContractId);
    const dates = (await instalmentsOf(common.tenantContractIds[0]!)).map(([date]) => date);
    expect(dates).toContain('2029-02-28');
    expect(dates).toHaveLength(9);
    expect(sum(await instalmentsOf(common.tenantContractIds[0]!))).toBe(97_500);
  });

  it('is idempotent: signing again or saving the contracts again creates nothing new', async () => {
    const { houseContractId, tenantContractIds } = await planHouse({
      start: '2027-09-01',
      end: '2028-08-31',
      tenants: [
        { start: '2027-09-01', end: '2028-08-31' },
        { start: '2027-09-01', end: '2028-08-31', paymentDay: 15 },
      ],
    });
    await sign(houseContractId);
    const after = await rowCounts(tenantContractIds);
    expect(after).toEqual({ schedules: 2, entries: 24 });

    await sign(houseContractId); // already ACTIVE
    await write('update', 'HouseContract', { id: houseContractId, numberOfTenants: 5 });
    await write('update', 'HouseContract', { id: houseContractId, status: 'PENDING' });
    await sign(houseContractId); // signed a second time
    for (const id of tenantContractIds) await write('update', 'TenantContract', { id, eoyAction: 'STAY' });
    expect(await rowCounts(tenantContractIds)).toEqual(after);
  });

  it('gives two tenants with different move-in dates their own schedules; nothing crosses', async () => {
    const { houseContractId, tenantContractIds } = await planHouse({
      start: '2027-09-01',
      end: '2028-08-31',
      tenants: [
        { start: '2027-09-01', end: '2028-08-31', paymentDay: 1 },
        { start: '2027-11-10', end: '2028-08-31', paymentDay: 15 },
      ],
    });
    const [first, second] = tenantContractIds as [string, string];
    await sign(houseContractId);

    expect(await instalmentsOf(first)).toHaveLength(12);
    expect(sum(await instalmentsOf(first))).toBe(130_000);
    // 105188 (see the contract price) in 10 instalments (9 months and a part month): 10518 each, 8 pennies on the first.
    expect(await instalmentsOf(second)).toEqual([
      ['2027-11-15', 10526],
      ['2027-12-15', 10518],
      ['2028-01-15', 10518],
      ['2028-02-15', 10518],
      ['2028-03-15', 10518],
      ['2028-04-15', 10518],
      ['2028-05-15', 10518],
      ['2028-06-15', 10518],
      ['2028-07-15', 10518],
      ['2028-08-15', 10518],
    ]);
    expect(await schedulesOf(second)).toEqual([expect.objectContaining({ start_date: '2027-11-10', payment_day: 15, times: 10, amount_pence: 10518 })]);
    // Split liability: every row names its own tenant contract only.
    for (const id of [first, second]) {
      const schedules = await schedulesOf(id);
      expect(schedules).toHaveLength(1);
      const entries = await api.db.knex('ledger_entries').where({ tenant_contract_id: Number(id) }).select('tenant_contract_id', 'kind');
      expect(new Set(entries.map((entry: { kind: string }) => entry.kind))).toEqual(new Set(['INSTALMENT']));
    }
  });

  it('a tenant added to an ACTIVE plan house contract gets theirs; the others are left alone', async () => {
    const { houseContractId, tenantContractIds } = await planHouse({ start: '2027-09-01', end: '2028-08-31', tenants: [{ start: '2027-09-01', end: '2028-08-31' }] });
    await sign(houseContractId);
    const before = await rowCounts(tenantContractIds);
    const later = await addTenant(houseContractId, { start: '2028-01-01', end: '2028-08-31', paymentDay: 31 });
    expect(await rowCounts(tenantContractIds)).toEqual(before);
    const instalments = await instalmentsOf(later);
    expect(instalments.map(([date]) => date)).toEqual(['2028-01-31', '2028-02-29', '2028-03-31', '2028-04-30', '2028-05-31', '2028-06-30', '2028-07-31', '2028-08-31']);
    expect(sum(instalments)).toBe(planContractPrice(WEEKLY, '2028-01-01', '2028-08-31'));
    expect(sum(instalments)).toBe(86_667); // 130000 × 8 / 12 = 86666.67
    await write('update', 'TenantContract', { id: later, eoyAction: 'LEAVE' });
    expect(await schedulesOf(later)).toHaveLength(1);
  });

  it('a BILL house contract gets no schedule', async () => {
    const { houseContractId, tenantContractIds } = await planHouse({ start: '2027-09-01', end: '2028-08-31', billingType: 'BILL', tenants: [{ start: '2027-09-01', end: '2028-08-31' }] });
    await sign(houseContractId);
    expect(await rowCounts(tenantContractIds)).toEqual({ schedules: 0, entries: 0 });
  });
});
