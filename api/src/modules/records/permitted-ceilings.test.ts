import { hashPassword } from '../../auth';
import { startApiHarness, type ApiHarness } from '../../testing';

/*
 * An additional transaction is at most £5,000 unless the member of staff holds the LARGE_ADDITIONAL_TRANSACTION
 * permission, which allows up to £50,000 (issue 13, money ceilings).
 */
let api: ApiHarness;
let administrator: string;
let clerk: string;
let tenantContractId: number;

beforeAll(async () => {
  api = await startApiHarness();
  administrator = await api.signIn('staff@demo.test');
  const [role] = await api.db.knex('backoffice_roles').insert({ name: 'Payments clerk', account_type: 'STAFF', permissions: JSON.stringify({ payments: 'WRITE', customers: 'READ' }), permission_keys: [] }).returning('id');
  await api.db.knex('users').insert({ email: 'clerk@demo.test', first_name: 'Carys', last_name: 'Hughes', role: 'backoffice', backoffice_role_id: role.id, all_groups: true, password_hash: await hashPassword('Demo1234'), confirmed_at: api.db.knex.fn.now() });
  clerk = await api.signIn('clerk@demo.test');
  tenantContractId = (await api.db.knex('tenant_contracts').where({ group_id: 1 }).first('id')).id;
});
afterAll(() => api.stop());

const create = (token: string, amountPence: number) =>
  api.graphql(
    'mutation ($tc: ID!, $amount: Int!) { createAdditionalTransaction(tenantContractId: $tc, referenceType: "DEBIT", amountPence: $amount, description: "Damage to the front door", transactionDate: "2026-11-20") { id amountPence } }',
    { tc: tenantContractId, amount: amountPence },
    token,
    { 'X-Group-ID': '1' },
  );

it('refuses more than £5,000 from staff without the permission, naming the field, the ceiling and the permission', async () => {
  expect((await create(clerk, 500_000)).body.data.createAdditionalTransaction.amountPence).toBe(500_000);
  const refused = await create(clerk, 500_001);
  expect(refused.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  expect(refused.body.errors[0].extensions.fields).toEqual([
    { field: 'amountPence', rule: 'max', message: 'Must be at most £5,000.00 (more needs the Large additional transaction permission)' },
  ]);
});

it('accepts up to £50,000 from staff with the permission, and no more', async () => {
  expect((await create(administrator, 600_000)).body.data.createAdditionalTransaction.amountPence).toBe(600_000);
  const refused = await create(administrator, 5_000_001);
  expect(refused.body.errors[0].extensions.fields).toEqual([{ field: 'amountPence', rule: 'max', message: 'Must be at most £50,000.00' }]);
});
