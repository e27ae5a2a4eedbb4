import { startApiHarness, type ApiHarness } from '../../testing';
import { buildBillHouse, type BuiltHouse } from '../billing/billing-test-data';

/*
 * Additional transactions and government rebates post to the tenant's ledger when created, and the Energy
 * Bills Support Scheme is credited a month at a time, split between a house's tenants by days, per method,
 * once only.
 */

let api: ApiHarness;
let staff: string;
let readonly: string;
const GROUP = { 'X-Group-ID': '2' };

const CREDIT = /* GraphQL */ `
  mutation ($month: String!, $method: String!, $houseContractId: ID) {
    creditGovernmentRebate(month: $month, method: $method, houseContractId: $houseContractId) {
      month method rebatesCreated totalPence message houses { houseContractId status rebates totalPence creditedPence }
    }
  }
`;
const ADDITIONAL = /* GraphQL */ `
  mutation ($tenantContractId: ID!, $referenceType: String!, $amountPence: Int!) {
    createAdditionalTransaction(tenantContractId: $tenantContractId, referenceType: $referenceType, amountPence: $amountPence, description: "Key replacement", transactionDate: "2022-11-20") { id }
  }
`;

beforeAll(async () => {
  api = await startApiHarness();
  [staff, readonly] = await Promise.all([api.signIn('staff@demo.test'), api.signIn('readonly@demo.test')]);
});
afterAll(() => api.stop());

/** A house of 2022–23: one tenant all year, one moving in on 16 October 2022. */
const schemeHouse = (): Promise<BuiltHouse> =>
  buildBillHouse(api.db.knex, {
    groupId: 2,
    contractStart: '2022-09-01',
    contractEnd: '2023-08-31',
    tenants: [
      { startDate: '2022-09-01', endDate: '2023-08-31' },
      { startDate: '2022-10-16', endDate: '2023-08-31' },
    ],
    meters: [],
    tariffs: [],
  });

const ledger = (tenantContractId: number) => api.db.knex('ledger_entries').where({ tenant_contract_id: tenantContractId }).orderBy('id').select('kind', 'amount_pence', 'government_rebate_id', 'additional_transaction_id');
const credit = (variables: Record<string, unknown>, token = staff) => api.graphql(CREDIT, variables, token, GROUP);

describe('records that post to the ledger when created', () => {
  it('posts an additional DEBIT as a charge and a CREDIT as a credit, and offers no way to edit them', async () => {
    const house = await schemeHouse();
    const tenant = String(house.tenantContractIds[0]);
    const debit = await api.graphql(ADDITIONAL, { tenantContractId: tenant, referenceType: 'DEBIT', amountPence: 2500 }, staff, GROUP);
    expect(debit.body.errors).toBeUndefined();
    const creditRes = await api.graphql(ADDITIONAL, { tenantContractId: tenant, referenceType: 'CREDIT', amountPence: 1000 }, staff, GROUP);
    expect(await ledger(house.tenantContractIds[0]!)).toEqual([
      { kind: 'ADDITIONAL_DEBIT', amount_pence: 2500, government_rebate_id: null, additional_transaction_id: Number(debit.body.data.createAdditionalTransaction.id) },
      { kind: 'ADDITIONAL_CREDIT', amount_pence: -1000, government_rebate_id: null, additional_transaction_id: Number(creditRes.body.data.createAdditionalTransaction.id) },
    ]);
    const edit = await api.graphql(`mutation { updateAdditionalTransaction(id: "1", amountPence: 1) { id } }`, {}, staff, GROUP);
    expect(edit.body.errors[0].message).toMatch(/updateAdditionalTransaction/);
  });

  it('refuses a zero amount naming the field, and posts nothing', async () => {
    const house = await schemeHouse();
    const res = await api.graphql(ADDITIONAL, { tenantContractId: String(house.tenantContractIds[0]), referenceType: 'CREDIT', amountPence: 0 }, staff, GROUP);
    expect(res.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: [{ field: 'amountPence', message: 'Must be greater than 0' }] });
    expect(await ledger(house.tenantContractIds[0]!)).toEqual([]);
  });

  it('posts a rebate recorded by hand by its method: credited in full, not at all when paid directly', async () => {
    const house = await schemeHouse();
    const create = (tenantContractId: number, method: string, paymentMonth: string) =>
      api.graphql(
        `mutation ($t: ID!, $m: String!, $p: String!) { createGovernmentRebate(tenantContractId: $t, schemeName: "Warm Home Discount", method: $m, amountPence: 15000, paymentMonth: $p) { id } }`,
        { t: String(tenantContractId), m: method, p: paymentMonth },
        staff,
        GROUP,
      );
    const credited = await create(house.tenantContractIds[0]!, 'ADDITIONAL_TRANSACTION', '2023-01-01');
    expect(credited.body.errors).toBeUndefined();
    const [entry] = await ledger(house.tenantContractIds[0]!);
    expect(entry).toMatchObject({ kind: 'GOVERNMENT_REBATE', amount_pence: -15000, government_rebate_id: Number(credited.body.data.createGovernmentRebate.id) });
    expect(await api.db.knex('additional_transactions').where({ id: entry!.additional_transaction_id }).first('reference_type', 'amount_pence')).toEqual({ reference_type: 'CREDIT', amount_pence: 15000 });

    expect((await create(house.tenantContractIds[1]!, 'DIRECT_PAYMENT', '2023-01-01')).body.errors).toBeUndefined();
    expect(await ledger(house.tenantContractIds[1]!)).toEqual([]);
  });
});

describe('crediting the Energy Bills Support Scheme', () => {
  it('splits a month between the tenants by days and credits each share to their ledger; a second time creates nothing', async () => {
    const house = await schemeHouse();
    const variables = { month: '2022-10', method: 'ADDITIONAL_TRANSACTION', houseContractId: String(house.houseContractId) };
    const res = await credit(variables);
    expect(res.body.errors).toBeUndefined();
    // October: £66 over 31 + 16 tenant-days → 4353 and 2247.
    expect(res.body.data.creditGovernmentRebate).toEqual({
      month: '2022-10',
      method: 'ADDITIONAL_TRANSACTION',
      rebatesCreated: 2,
      totalPence: 6600,
      message: 'Energy Bills Support Scheme, October 2022: 2 rebates credited to 1 house contract',
      houses: [{ houseContractId: String(house.houseContractId), status: 'CREDITED', rebates: 2, totalPence: 6600, creditedPence: 6600 }],
    });
    const rebates = await api.db.knex('government_rebates').whereIn('tenant_contract_id', house.tenantContractIds).orderBy('tenant_contract_id').select('amount_pence', 'payment_month', 'method', 'scheme_name');
    expect(rebates).toEqual([
      { amount_pence: 4353, payment_month: '2022-10-01', method: 'ADDITIONAL_TRANSACTION', scheme_name: 'Energy Bills Support Scheme' },
      { amount_pence: 2247, payment_month: '2022-10-01', method: 'ADDITIONAL_TRANSACTION', scheme_name: 'Energy Bills Support Scheme' },
    ]);
    expect((await ledger(house.tenantContractIds[0]!)).map((entry) => [entry.kind, entry.amount_pence])).toEqual([['GOVERNMENT_REBATE', -4353]]);
    expect((await ledger(house.tenantContractIds[1]!)).map((entry) => [entry.kind, entry.amount_pence])).toEqual([['GOVERNMENT_REBATE', -2247]]);

    const again = await credit(variables);
    expect(again.body.data.creditGovernmentRebate).toMatchObject({ rebatesCreated: 0, message: 'Already credited: nothing new was created', houses: [{ status: 'ALREADY_CREDITED', rebates: 0 }] });
    expect(await api.db.knex('government_rebates').whereIn('tenant_contract_id', house.tenantContractIds)).toHaveLength(2);
    expect(await api.db.knex('ledger_entries').whereIn('tenant_contract_id', house.tenantContractIds)).toHaveLength(2);
  });

  it('records a direct payment without touching the ledger, and COMBINED clears debt first', async () => {
    const house = await schemeHouse();
    const [first, second] = house.tenantContractIds as [number, number];
    const direct = await credit({ month: '2022-11', method: 'DIRECT_PAYMENT', houseContractId: String(house.houseContractId) });
    expect(direct.body.data.creditGovernmentRebate.houses[0]).toMatchObject({ status: 'CREDITED', rebates: 2, totalPence: 6600, creditedPence: 0 });
    expect(await api.db.knex('ledger_entries').whereIn('tenant_contract_id', house.tenantContractIds)).toEqual([]);

    // The first tenant owes £10; December's £67 is 3350 each: 1000 clears the debt, 2350 is paid directly.
    await api.graphql(ADDITIONAL, { tenantContractId: String(first), referenceType: 'DEBIT', amountPence: 1000 }, staff, GROUP);
    const combined = await credit({ month: '2022-12', method: 'COMBINED', houseContractId: String(house.houseContractId) });
    expect(combined.body.data.creditGovernmentRebate.houses[0]).toMatchObject({ rebates: 2, totalPence: 6700, creditedPence: 1000 });
    expect((await ledger(first)).map((entry) => [entry.kind, entry.amount_pence])).toEqual([
      ['ADDITIONAL_DEBIT', 1000],
      ['GOVERNMENT_REBATE', -1000],
    ]);
    expect(await ledger(second)).toEqual([]);
    expect(await api.db.knex('government_rebates').where({ tenant_contract_id: first, payment_month: '2022-12-01' }).first('amount_pence', 'method')).toEqual({ amount_pence: 3350, method: 'COMBINED' });
  });

  it('credits every eligible house contract of the group when none is named, once', async () => {
    const house = await schemeHouse();
    const res = await credit({ month: '2023-03', method: 'DIRECT_PAYMENT' });
    expect(res.body.errors).toBeUndefined();
    const ours = res.body.data.creditGovernmentRebate.houses.find((row: { houseContractId: string }) => row.houseContractId === String(house.houseContractId));
    expect(ours).toMatchObject({ status: 'CREDITED', rebates: 2, totalPence: 6700 });
    const again = await credit({ month: '2023-03', method: 'DIRECT_PAYMENT' });
    expect(again.body.data.creditGovernmentRebate).toMatchObject({ rebatesCreated: 0, message: 'Already credited: nothing new was created' });
  });

  it('refuses a month outside the scheme or an unknown method naming the field, and needs governmentRebates WRITE', async () => {
    const bad = await credit({ month: '2023-04', method: 'CHEQUE' });
    expect(bad.body.errors[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: [
        { field: 'month', rule: 'schemeMonth', message: 'Choose a month the Energy Bills Support Scheme paid: 2022-10, 2022-11, 2022-12, 2023-01, 2023-02, 2023-03' },
        { field: 'method', rule: 'oneOf' },
      ],
    });
    expect((await credit({ month: '2022-10', method: 'DIRECT_PAYMENT' }, readonly)).body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await credit({ month: '2022-10', method: 'DIRECT_PAYMENT', houseContractId: '99999999' })).body.errors[0].extensions).toMatchObject({ code: 'NOT_FOUND', fields: [{ field: 'houseContractId' }] });
  });
});
