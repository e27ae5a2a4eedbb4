import request from 'supertest';
import { startApiHarness, type ApiHarness } from '../../testing/api-harness';
import { downloadToken } from '../../testing';

/*
 * The tenant area over HTTP as the demo tenants: each sees their own contracts, money, meters, house and
 * broadband; every operation given another tenant's ids is refused as "not found" and changes nothing;
 * staff, agents and anonymous callers are refused by role.
 */

let api: ApiHarness;
let amelia: string;
let oliver: string;
let ellie: string;
let ids: { ameliaContract: number; ellieContract: number; ellieMeter: number; ellieBill: number; ameliaBill: number };

const USER_CONTRACTS = /* GraphQL */ `
  query ($filters: JSON) {
    getUserContracts(filters: $filters) {
      currentUser { id email firstName isEnergyBill }
      hasEnergyUseContracts
      contracts { id period eoyAction planType billingType address houseContract { id house { address { postCode } } services { utilityType utilityStatus broadbandSpeed } } }
      sortedCurrentAndPreviousContracts { id period }
    }
  }
`;
const ACCOUNT = `query ($id: Int) { tenantAccount(contractId: $id) { contract { id } balancePence chargedPence paidPence ledger { kind amountPence balancePence } upcoming { date } statements { id totalPence } paymentMethods { kind cardLast4 mandateStatus } schedules { amountPence status } nextPayment { date amountPence method } tasks { kind text link } } }`;
const HOUSE = `query ($id: Int) { tenantHouse(contractId: $id) { contract { id } housemates { firstName lastName signed isYou } } }`;
const METERS = `query ($id: Int) { tenantMeters(contractId: $id) { contractId canSubmit meters { id utilityType rateType registers lastReadings { register value readingDate } } } }`;
const BROADBAND = `query ($id: Int) { tenantBroadband(contractId: $id) { contractId service { id broadbandSpeed broadbandChange changeStatus requestedBroadbandSpeed } } }`;
const ENERGY = `query ($id: Int) { tenantEnergyUse(contractId: $id) { contractId months { month utilityType kwh estimated allowanceKwh } utilities { utilityType usedKwh projectedKwh allowanceKwh } projection { excessPence finalBalancePence } } }`;
const SUBMIT = `mutation ($input: TenantReadingInput!) { submitTenantMeterReading(input: $input) { id status source register value } }`;
const EOY = `mutation ($input: EndOfContractChoiceInput!) { setEndOfContractChoice(input: $input) { id eoyAction } }`;
const UPGRADE = `mutation ($input: BroadbandUpgradeInput!) { requestBroadbandUpgrade(input: $input) { id changeStatus requestedBroadbandSpeed broadbandSpeed } }`;

beforeAll(async () => {
  api = await startApiHarness();
  [amelia, oliver, ellie] = await Promise.all([api.signIn('tenant@demo.test'), api.signIn('billpayer@demo.test'), api.signIn('energybill@demo.test', 'Demo1234', { portal: 'ENERGY_BILL' })]);
  const knex = api.db.knex;
  const contractOf = (email: string) => knex('tenant_contracts as tc').join('users as u', 'u.id', 'tc.user_id').where('u.email', email).orderBy('tc.start_date', 'desc').first('tc.id', 'tc.house_contract_id');
  const a = await contractOf('tenant@demo.test');
  const e = await contractOf('energybill@demo.test');
  const eHouse = await knex('house_contracts').where({ id: e.house_contract_id }).first('house_id');
  ids = {
    ameliaContract: a.id,
    ellieContract: e.id,
    ellieMeter: (await knex('meters').where({ house_id: eHouse.house_id, is_active: true }).orderBy('id').first('id')).id,
    ellieBill: (await knex('bills').where({ tenant_contract_id: e.id }).first('id')).id,
    ameliaBill: (await knex('bills as b').join('tenant_contracts as tc', 'tc.id', 'b.tenant_contract_id').join('users as u', 'u.id', 'tc.user_id').where('u.email', 'tenant@demo.test').first('b.id')).id,
  };
}, 60_000);
afterAll(() => api.stop());

const data = async (query: string, variables: Record<string, unknown>, token: string) => {
  const res = await api.graphql(query, variables, token);
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  return res.body.data;
};
const refusal = async (query: string, variables: Record<string, unknown>, token: string | null) => {
  const res = await api.graphql(query, variables, token);
  expect(res.body.data?.[Object.keys(res.body.data ?? {})[0] ?? ''] ?? null).toBeNull();
  return res.body.errors[0].extensions.code as string;
};

it('answers getUserContracts with the caller, their contracts newest first and the menu facts', async () => {
  const { getUserContracts: mine } = await data(USER_CONTRACTS, {}, amelia);
  expect(mine.currentUser).toMatchObject({ email: 'tenant@demo.test', firstName: 'Amelia', isEnergyBill: false });
  expect(mine.hasEnergyUseContracts).toBe(true);
  expect(mine.contracts.map((c: { period: string }) => c.period)).toEqual(['CURRENT', 'PREVIOUS']);
  expect(mine.sortedCurrentAndPreviousContracts.map((c: { id: number }) => c.id)).toEqual(mine.contracts.map((c: { id: number }) => c.id));
  expect(mine.contracts[0]).toMatchObject({ planType: 'LITE', billingType: 'PLAN', address: expect.stringContaining('14 Brudenell Grove') });
  expect(mine.contracts[0].houseContract.services.map((s: { utilityType: string }) => s.utilityType).sort()).toEqual(['broadband', 'electric', 'gas', 'tv_licence', 'water']);

  const { getUserContracts: energy } = await data(USER_CONTRACTS, { filters: ['MY_ENERGY_USE'] }, amelia);
  expect(energy.contracts.map((c: { period: string }) => c.period)).toEqual(['CURRENT']);
  const { getUserContracts: ellies } = await data(USER_CONTRACTS, { filters: { type: 'MY_ENERGY_USE' } }, ellie);
  expect(ellies.currentUser).toMatchObject({ email: 'energybill@demo.test', isEnergyBill: true });
  expect(ellies).toMatchObject({ contracts: [], hasEnergyUseContracts: false });
  expect(await refusal(USER_CONTRACTS, { filters: 'EVERYTHING' }, amelia)).toBe('BAD_USER_INPUT');
});

it('refuses the tenant area to anonymous callers, agents and staff by role', async () => {
  expect(await refusal(USER_CONTRACTS, {}, null)).toBe('UNAUTHENTICATED');
  expect(await refusal(USER_CONTRACTS, {}, await api.signIn('agent@demo.test'))).toBe('FORBIDDEN');
  expect(await refusal(ACCOUNT, {}, await api.signIn('staff@demo.test'))).toBe('FORBIDDEN');
});

it("refuses every operation given another tenant's ids, as not found, and changes nothing", async () => {
  const other = ids.ellieContract;
  const before = await api.db.knex('tenant_contracts').where({ id: other }).first('eoy_action');
  for (const query of [ACCOUNT, HOUSE, METERS, BROADBAND, ENERGY]) expect(await refusal(query, { id: other }, amelia)).toBe('NOT_FOUND');
  expect(await refusal(EOY, { input: { contractId: other, choice: 'LEAVE' } }, amelia)).toBe('NOT_FOUND');
  expect(await refusal(UPGRADE, { input: { contractId: other, speed: '1000' } }, amelia)).toBe('NOT_FOUND');
  expect(await refusal(SUBMIT, { input: { contractId: other, meterId: ids.ellieMeter, readingDate: '2026-01-01', value: '1' } }, amelia)).toBe('NOT_FOUND');
  // Another house's meter through the caller's own contract: "Meter not found".
  const res = await api.graphql(SUBMIT, { input: { meterId: ids.ellieMeter, readingDate: '2026-01-01', value: '1' } }, amelia);
  expect(res.body.errors[0].extensions.fields).toEqual([{ field: 'meterId', rule: 'exists', message: 'Meter not found' }]);
  // Another tenant's statement PDF, and Ellie's own for contrast.
  const pdfAs = async (billId: number, token: string) => {
    const path = `/api/v2/tenant-area/bills/${billId}/pdf`;
    return request(api.app.express).get(`${path}?jwt=${encodeURIComponent(await downloadToken(api, path, token))}`);
  };
  expect((await pdfAs(ids.ellieBill, amelia)).status).toBe(404);
  expect((await pdfAs(ids.ameliaBill, oliver)).status).toBe(404);
  // A session token in a link is never accepted (it would end up in logs and history).
  expect((await request(api.app.express).get(`/api/v2/tenant-area/bills/${ids.ellieBill}/pdf?jwt=${ellie}`)).status).toBe(401);
  const own = await pdfAs(ids.ellieBill, ellie);
  expect(own.status).toBe(200);
  expect(own.headers['content-type']).toBe('application/pdf');
  // Another tenant's photo cannot be attached to a reading.
  const photo = await request(api.app.express).post('/api/v2/tenant-area/reading-photos').set({ Authorization: `Bearer ${oliver}`, 'Content-Type': 'image/jpeg', 'X-File-Name': 'meter.jpg' }).send(Buffer.from('jpeg bytes'));
  expect(photo.status).toBe(201);
  const { tenantMeters } = await data(METERS, {}, amelia);
  const gas = tenantMeters.meters.find((m: { utilityType: string }) => m.utilityType === 'gas');
  const stolen = await api.graphql(SUBMIT, { input: { meterId: gas.id, readingDate: '2026-01-01', value: '99999', imageUploadId: photo.body.id, confirmed: true } }, amelia);
  expect(stolen.body.errors[0].extensions.fields[0]).toMatchObject({ field: 'imageUploadId' });

  expect(await api.db.knex('tenant_contracts').where({ id: other }).first('eoy_action')).toEqual(before);
  expect(await api.db.knex('meter_readings').where({ meter_id: ids.ellieMeter, source: 'TENANT_PORTAL', status: 'PENDING', reading_date: '2026-01-01' })).toHaveLength(0);
  expect(await api.db.knex('services').where({ change_status: 'UPGRADE_REQUESTED' })).toHaveLength(0);
});

it("shows a tenant's balance, statement of account, statements, methods, schedule and tasks", async () => {
  const { tenantAccount: a } = await data(ACCOUNT, {}, amelia);
  expect(a.contract.id).toBe(ids.ameliaContract);
  expect(a.balancePence).toBe(a.chargedPence - a.paidPence);
  expect(a.ledger[0].balancePence).toBe(a.balancePence);
  expect(a.ledger.some((line: { kind: string }) => line.kind === 'INSTALMENT')).toBe(true);
  expect(a.paymentMethods).toEqual([{ kind: 'DIRECT_DEBIT', cardLast4: null, mandateStatus: 'ACTIVE' }]);
  expect(a.schedules).toEqual([{ amountPence: 9317, status: 'ACTIVE' }]);
  expect(a.nextPayment).toMatchObject({ amountPence: 9317, method: 'DIRECT_DEBIT' });
  const { tenantAccount: previous } = await data(ACCOUNT, { id: (await data(USER_CONTRACTS, {}, amelia)).getUserContracts.contracts[1].id }, amelia);
  expect(previous.statements).toHaveLength(1);
  expect(previous.balancePence).toBe(0);
  const { tenantAccount: o } = await data(ACCOUNT, {}, oliver);
  expect(o.paymentMethods[0]).toMatchObject({ kind: 'CARD', cardLast4: '4242' });
  expect(o.tasks.map((t: { kind: string }) => t.kind)).toContain('CARD_EXPIRING');
});

it('lists housemates by name and signature only', async () => {
  const { tenantHouse } = await data(HOUSE, {}, oliver);
  expect(tenantHouse.housemates).toEqual([
    { firstName: 'Amelia', lastName: 'Hughes', signed: true, isYou: false },
    { firstName: 'Oliver', lastName: 'Patel', signed: true, isYou: true },
  ]);
});

it('takes a meter reading with a photo, PENDING for staff with source TENANT_PORTAL, after confirming a low one', async () => {
  const { tenantMeters } = await data(METERS, {}, amelia);
  expect(tenantMeters.canSubmit).toBe(true);
  const electric = tenantMeters.meters.find((m: { utilityType: string }) => m.utilityType === 'electric');
  expect(electric).toMatchObject({ rateType: 'DUAL', registers: ['DAY', 'NIGHT'] });
  const day = electric.lastReadings.find((r: { register: string }) => r.register === 'DAY');
  const photo = await request(api.app.express).post('/api/v2/tenant-area/reading-photos').set({ Authorization: `Bearer ${amelia}`, 'Content-Type': 'image/png', 'X-File-Name': 'day.png' }).send(Buffer.from('png bytes'));
  expect(photo.status).toBe(201);
  const today = (await api.db.knex.raw("select to_char(now() at time zone 'Europe/London', 'YYYY-MM-DD') as d")).rows[0].d;
  const input = { meterId: electric.id, register: 'DAY', readingDate: today, value: String(day.value - 5), imageUploadId: photo.body.id };
  const low = await api.graphql(SUBMIT, { input }, amelia);
  expect(low.body.errors[0].extensions).toMatchObject({ needsConfirmation: true, fields: [{ field: 'value', rule: 'lowerThanLast' }] });
  const { submitTenantMeterReading: saved } = await data(SUBMIT, { input: { ...input, confirmed: true } }, amelia);
  expect(saved).toMatchObject({ status: 'PENDING', source: 'TENANT_PORTAL', register: 'DAY' });
  expect(await api.db.knex('meter_readings').where({ id: saved.id }).first('image_upload_id')).toEqual({ image_upload_id: photo.body.id });
  const wrongType = await request(api.app.express).post('/api/v2/tenant-area/reading-photos').set({ Authorization: `Bearer ${amelia}`, 'Content-Type': 'application/x-msdownload', 'X-File-Name': 'x.exe' }).send(Buffer.from('MZ'));
  expect(wrongType.status).toBe(400);
  expect(wrongType.body.error.fields[0]).toMatchObject({ field: 'file' });
});

it('saves the end-of-contract choice on the contract, audited, and names a bad one', async () => {
  expect((await data(EOY, { input: { choice: 'STAY' } }, amelia)).setEndOfContractChoice).toEqual({ id: ids.ameliaContract, eoyAction: 'STAY' });
  expect(await api.db.knex('tenant_contracts').where({ id: ids.ameliaContract }).first('eoy_action')).toEqual({ eoy_action: 'STAY' });
  expect(await api.db.knex('audit_log').where({ entity: 'tenant_contracts', entity_id: String(ids.ameliaContract) })).toHaveLength(1);
  const bad = await api.graphql(EOY, { input: { choice: 'MAYBE' } }, amelia);
  expect(bad.body.errors[0].extensions.fields).toEqual([{ field: 'choice', rule: 'oneOf', message: 'Choose leave, stay or move' }]);
});

it('requests a broadband upgrade only to a greater speed', async () => {
  const { tenantBroadband } = await data(BROADBAND, {}, oliver);
  expect(tenantBroadband.service).toMatchObject({ broadbandSpeed: '400', broadbandChange: 'INSTALLED' });
  const same = await api.graphql(UPGRADE, { input: { speed: '400' } }, oliver);
  expect(same.body.errors[0].extensions.fields[0].message).toBe('The new speed must be greater than your current speed');
  expect((await data(UPGRADE, { input: { speed: '800' } }, oliver)).requestBroadbandUpgrade).toMatchObject({ changeStatus: 'UPGRADE_REQUESTED', requestedBroadbandSpeed: '800', broadbandSpeed: '400' });
});

it('shows monthly energy use against the allowance and projects the final balance', async () => {
  const { tenantEnergyUse: use } = await data(ENERGY, {}, amelia);
  expect(use.months.length).toBeGreaterThan(0);
  expect(use.months.every((m: { allowanceKwh: number | null }) => m.allowanceKwh! > 0)).toBe(true);
  expect(use.utilities.map((u: { utilityType: string }) => u.utilityType)).toEqual(['electric', 'gas']);
  expect(use.utilities[0].projectedKwh).toBeGreaterThanOrEqual(use.utilities[0].usedKwh);
  expect(typeof use.projection.finalBalancePence).toBe('number');
});
