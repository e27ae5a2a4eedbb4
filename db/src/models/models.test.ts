import { createTestDatabase, type TestDatabase } from '../../../api/src/testing';
import { Agency, HouseContract, TenantContract, User } from './index';

/*
 * The models read the demo data as relation graphs: a tenant's contract with its house, agency and
 * services; an agent's agencies through agent_agencies; camelCase properties over snake_case columns.
 */

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({ withDemoData: true });
});
afterAll(() => db.drop());

it('reads a tenant contract with its tenant, house contract, house, agency and services in one graph', async () => {
  const tenant = await User.query(db.knex).findOne({ email: 'energybill@demo.test' });
  expect(tenant).toMatchObject({ portal: expect.any(String), firstName: expect.any(String) });
  const contracts = await TenantContract.query(db.knex).where('user_id', tenant!.id).withGraphFetched('[tenant, houseContract.[house.agency, services]]');
  expect(contracts.length).toBeGreaterThan(0);
  const [contract] = contracts;
  expect(contract!.tenant!.email).toBe('energybill@demo.test');
  expect(contract!.houseContract!.house!.postCode).toMatch(/^[A-Z]{1,2}\d/);
  expect(contract!.houseContract!.services!.length).toBeGreaterThan(0);
  expect(contract!.houseContract!.services!.every((service) => service.houseContractId === contract!.houseContractId)).toBe(true);
});

it("reads an agent's agencies through agent_agencies, and an agency's agents back", async () => {
  const agent = await User.query(db.knex).findOne({ email: 'agent@demo.test' }).withGraphFetched('agencies');
  expect(agent!.agencies!.map((agency) => agency.name)).toEqual(['Hyde Park Lettings']);
  const agency = await Agency.query(db.knex).findById(agent!.agencies![0]!.id).withGraphFetched('agents');
  expect(agency!.agents!.map((user) => user.email)).toContain('agent@demo.test');
});

it('writes through the model with snake_case columns and reads the row back in the same transaction', async () => {
  await db.knex.transaction(async (trx) => {
    const contract = await HouseContract.query(trx).orderBy('id').first();
    const updated = await HouseContract.query(trx).patchAndFetchById(contract!.id, { weeklyPricePence: 12_345 });
    expect(updated.weeklyPricePence).toBe(12_345);
    const row = await trx('house_contracts').where({ id: contract!.id }).first('weekly_price_pence');
    expect(row.weekly_price_pence).toBe(12_345);
  });
});
