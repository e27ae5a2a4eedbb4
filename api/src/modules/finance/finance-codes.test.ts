import { NOMINAL_CODE_MESSAGE } from '../../rules/catalogue/finance-codes';
import { startApiHarness, type ApiHarness } from '../../testing';
import { FINANCE_CODE_MESSAGES } from '../records/rules/finance-codes';
import { FinanceCodes } from './finance-codes';

/*
 * Nominal and company codes edited in the back office (the generic catalogue GraphQL): checked field by field,
 * audited, and read by the next journal or Sage export (FinanceCodes.load).
 */

let api: ApiHarness;
let staff: string;
let readonly: string;

beforeAll(async () => {
  api = await startApiHarness();
  [staff, readonly] = await Promise.all([api.signIn('staff@demo.test'), api.signIn('readonly@demo.test')]);
});
afterAll(() => api.stop());

const UPDATE_NOMINAL = `mutation ($id: ID!, $nominalCode: String) { updateFinanceNominalCode(id: $id, nominalCode: $nominalCode) { id nominalCode } }`;
const CREATE_NOMINAL = `mutation ($purpose: String, $billingType: String, $utilityType: String) {
  createFinanceNominalCode(purpose: $purpose, billingType: $billingType, utilityType: $utilityType, nominalCode: "4016", taxCode: "T5") { id } }`;

it('changes a nominal code with a field error for a bad one, audits it, and the accounting export reads the new code', async () => {
  const row = await api.db.knex('finance_nominal_codes').where({ purpose: 'SALES', billing_type: 'BILL' }).whereNull('utility_type').first();
  expect(row.nominal_code).toBe('4010'); // the migration's seed, which the golden files use

  const bad = await api.graphql(UPDATE_NOMINAL, { id: row.id, nominalCode: '40-10' }, staff);
  expect(bad.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: [{ field: 'nominalCode', message: NOMINAL_CODE_MESSAGE }] });
  expect((await api.graphql(UPDATE_NOMINAL, { id: row.id, nominalCode: '4019' }, readonly)).body.errors[0].extensions.code).toBe('FORBIDDEN');

  const good = await api.graphql(UPDATE_NOMINAL, { id: row.id, nominalCode: '4019' }, staff);
  expect(good.body.errors).toBeUndefined();
  const audit = await api.db.knex('audit_log').where({ entity: 'finance_nominal_codes', entity_id: String(row.id), action: 'UPDATE' }).first();
  expect({ before: audit.before.nominal_code ?? audit.before.nominalCode, after: audit.after.nominal_code ?? audit.after.nominalCode }).toEqual({ before: '4010', after: '4019' });
  const codes = await FinanceCodes.load(api.db.knex);
  expect(codes.nominal('SALES', 'BILL', null).nominalCode).toBe('4019');
  expect(codes.nominal('SALES', 'BILL', 'electric').nominalCode).toBe('4011'); // the more specific row still wins
});

it('adds a narrower nominal code, refusing a utility without a billing type and a second row for the same key', async () => {
  const noBillingType = await api.graphql(CREATE_NOMINAL, { purpose: 'INSTALMENT', utilityType: 'gas' }, staff);
  expect(noBillingType.body.errors[0].extensions.fields).toEqual([expect.objectContaining({ field: 'billingType', message: FINANCE_CODE_MESSAGES.utilityNeedsBillingType })]);
  const duplicate = await api.graphql(CREATE_NOMINAL, { purpose: 'SALES', billingType: 'BILL', utilityType: 'gas' }, staff);
  expect(duplicate.body.errors[0].extensions.fields).toEqual([expect.objectContaining({ field: 'purpose', message: FINANCE_CODE_MESSAGES.nominalRowExists })]);

  const created = await api.graphql(CREATE_NOMINAL, { purpose: 'INSTALMENT', billingType: 'PLAN', utilityType: 'gas' }, staff);
  expect(created.body.errors).toBeUndefined();
  expect((await FinanceCodes.load(api.db.knex)).nominal('INSTALMENT', 'PLAN', 'gas')).toEqual({ nominalCode: '4016', taxCode: 'T5' });
});

it('edits the company and department of an aggregate type within Sage 50 ranges', async () => {
  const row = await api.db.knex('finance_company_codes').where({ aggregate_type: 'BILL' }).first();
  const update = `mutation ($id: ID!, $departmentCode: Int) { updateFinanceCompanyCode(id: $id, departmentCode: $departmentCode) { id departmentCode } }`;
  const bad = await api.graphql(update, { id: row.id, departmentCode: 1000 }, staff);
  expect(bad.body.errors[0].extensions.fields).toEqual([expect.objectContaining({ field: 'departmentCode', message: 'A department code is a whole number from 0 to 999' })]);
  expect((await api.graphql(update, { id: row.id, departmentCode: 12 }, staff)).body.errors).toBeUndefined();
  expect((await FinanceCodes.load(api.db.knex)).company('BILL')).toEqual({ companyCode: 'BILL', departmentCode: 12 });
});
