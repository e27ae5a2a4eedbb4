import { startApiHarness, type ApiHarness } from '../../testing';

/* The forms fill what the system knows: a house's region from its postcode, a new contract's agency from its house. */
let api: ApiHarness;
let staff: string;
beforeAll(async () => {
  api = await startApiHarness();
  staff = await api.signIn('staff@demo.test');
});
afterAll(() => api.stop());

const gql = (query: string, variables: Record<string, unknown> = {}) => api.graphql(query, variables, staff, { 'X-Group-ID': '1' });

it("fills a new house's electricity region from its postcode, and keeps one staff chose", async () => {
  const filled = await gql('mutation { createHouse(streetName: "12 Cardigan Road", cityName: "Leeds", postCode: "LS6 1AA", bedrooms: 4) { id region } }');
  expect(filled.body.data.createHouse.region).toBe('_M');
  const chosen = await gql('mutation { createHouse(streetName: "14 Cardigan Road", cityName: "Leeds", postCode: "LS6 1AA", bedrooms: 4, region: "_N") { region } }');
  expect(chosen.body.data.createHouse.region).toBe('_N');
});

it("places a new house contract with the house's agency unless another is named", async () => {
  const house = await api.db.knex('houses').where({ group_id: 1 }).whereNotNull('agency_id').first('id', 'agency_id');
  const other = await api.db.knex('agencies').where({ group_id: 1 }).whereNot({ id: house.agency_id }).first('id');
  // Dates years ahead: no other contract of the house overlaps them.
  const create = (year: number, agencyId?: number) =>
    gql(
      'mutation ($houseId: ID!, $start: String!, $end: String!, $agencyId: ID) { createHouseContract(houseId: $houseId, billingType: "BILL", term: "FIXED", signUpDate: $start, endDate: $end, numberOfTenants: 2, customersSharing: 2, agencyId: $agencyId) { agencyId } }',
      { houseId: house.id, start: `${year}-09-01`, end: `${year + 1}-06-30`, agencyId },
    );
  expect((await create(2031)).body.data.createHouseContract.agencyId).toBe(String(house.agency_id));
  expect((await create(2033, other.id)).body.data.createHouseContract.agencyId).toBe(String(other.id));
});
