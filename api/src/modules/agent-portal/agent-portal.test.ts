import { createQueues } from '../../jobs/create-queues';
import { QUEUES } from '../../jobs/queues';
import { readSystemCurrentDate } from '../settings/read-current-date.service';
import { startApiHarness, type ApiHarness } from '../../testing';

/*
 * The agent portal over HTTP with the demo data: an agent sees their selected agency (with its branches)
 * and nothing else; naming another agency, another agency's house or meter is refused; front-office agents
 * switch agency; view-only agencies read but cannot send readings; a reading lands PENDING for staff.
 */

let api: ApiHarness;
const tokens: Record<string, string> = {};
const agencies: Record<string, number> = {};
let hydeParkIds: number[];

const DASHBOARD = 'query ($agencyId: Int) { agentDashboard(agencyId: $agencyId) { agencyId agencyName housesByStatus { key count } contractsByAgencyStatus { key count } readingsDue { total nodes { houseId } } tenantsToSign { houseId names } actions { kind houseId text } } }';
const PROPERTIES = 'query ($agencyId: Int, $search: String, $status: String, $city: String, $sort: AgentPropertySort, $descending: Boolean, $page: Int, $perPage: Int, $contractFrom: String) { agentProperties(agencyId: $agencyId, search: $search, status: $status, city: $city, sort: $sort, descending: $descending, page: $page, perPage: $perPage, contractFrom: $contractFrom) { total page perPage nodes { id status address { streetName cityName postCode } currentContract { id signUpDate tenantsSigned tenantsExpected services { utilityType utilityStatus } } } } }';
const PROPERTY = 'query ($agencyId: Int, $propertyId: Int!) { agentProperty(agencyId: $agencyId, propertyId: $propertyId) { id canEdit contracts { id period tenantContracts { name status } services { utilityType } } supplies { mpxn supplierName meters { serialNumber meterType } } meters { id rateType isActive } readings { id status source } } }';
const SUBMIT = 'mutation ($agencyId: Int, $input: AgentReadingInput!) { agentSubmitMeterReading(agencyId: $agencyId, input: $input) { id status source hasPhoto value } }';
const SETTINGS = 'query ($agencyId: Int) { agentSettings(agencyId: $agencyId) { agencyName canManageAgents agents { id email isYou } } }';
const INVITE = 'mutation ($agencyId: Int, $input: AgencyAgentInvite!) { inviteAgencyAgent(agencyId: $agencyId, input: $input) { id email } }';
const REMOVE = 'mutation ($agencyId: Int, $agentId: Int!) { removeAgencyAgent(agencyId: $agencyId, agentId: $agentId) }';
const BILL_PACKAGES = 'query ($agencyId: Int) { agentBillPackages(agencyId: $agencyId) { agencyName quotePath examplePostcode quotingOnline packages { planType name weeklyPerTenantPence monthlyPerTenantPence allowanceKwh currentHouses } } }';
const CURRENT_AGENT = '{ currentAgent { id isFO city { id city } agencies { nodes { rootAccount portalPermissions agencyInfo { id name isActive } } } agencyView { id name isActive children { id name } } } }';

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 0xff, 0xd9]).toString('base64');

/** The agencies' first house with an active meter (single-rate when asked: the demo houses differ in their meters). */
async function houseOf(agencyIds: number[], singleRate = false) {
  const meter = singleRate ? { is_active: true, rate_type: 'SINGLE' } : { is_active: true };
  return api.db.knex('houses').whereIn('agency_id', agencyIds).whereExists((q) => q.select(1).from('meters').whereRaw('meters.house_id = houses.id').where(meter)).orderBy('id').first('id');
}
async function activeSingleMeter(houseId: number) {
  return api.db.knex('meters').where({ house_id: houseId, is_active: true, rate_type: 'SINGLE' }).orderBy('id').first('id');
}
const code = (res: { body: { errors?: Array<{ extensions?: { code?: string } }> } }) => res.body.errors?.[0]?.extensions?.code;

beforeAll(async () => {
  api = await startApiHarness();
  await createQueues(api.boss, [QUEUES['outbox.deliver']]);
  for (const who of ['agent', 'fo-agent', 'tenant', 'staff']) tokens[who] = await api.signIn(`${who}@demo.test`);
  for (const row of await api.db.knex('agencies').select('id', 'name')) agencies[row.name] = row.id;
  hydeParkIds = [agencies['Hyde Park Lettings']!, agencies['Hyde Park Lettings (Headingley branch)']!];
});
afterAll(() => api.stop());

it('currentAgent gives the city, each agency with rootAccount and portalPermissions, and the agency view with branches', async () => {
  const res = await api.graphql(CURRENT_AGENT, {}, tokens.agent);
  const agent = res.body.data.currentAgent;
  expect(agent.isFO).toBe(false);
  expect(agent.agencies.nodes).toEqual([{ rootAccount: true, portalPermissions: 'FULL', agencyInfo: { id: hydeParkIds[0], name: 'Hyde Park Lettings', isActive: true } }]);
  expect(agent.agencyView).toEqual([{ id: hydeParkIds[0], name: 'Hyde Park Lettings', isActive: true, children: [{ id: hydeParkIds[1], name: 'Hyde Park Lettings (Headingley branch)' }] }]);
  const fo = (await api.graphql(CURRENT_AGENT, {}, tokens['fo-agent'])).body.data.currentAgent;
  expect(fo.isFO).toBe(true);
  expect(fo.agencies.nodes.map((n: { agencyInfo: { name: string } }) => n.agencyInfo.name)).toEqual(['Fallowfield Student Homes', 'Hyde Park Lettings']);
});

it("lists only the selected agency's houses and its branch's, with search, filters, sort and paging", async () => {
  const all = (await api.graphql(PROPERTIES, { perPage: 100 }, tokens.agent)).body.data.agentProperties;
  const expected = await api.db.knex('houses').whereIn('agency_id', hydeParkIds).pluck('id');
  expect(all.total).toBe(expected.length);
  expect(all.nodes.map((n: { id: number }) => n.id).sort((a: number, b: number) => a - b)).toEqual(expected.sort((a: number, b: number) => a - b));
  const page2 = (await api.graphql(PROPERTIES, { perPage: 2, page: 2, sort: 'ADDRESS' }, tokens.agent)).body.data.agentProperties;
  const sorted = [...all.nodes].sort((a, b) => a.address.streetName.localeCompare(b.address.streetName, 'en') || a.id - b.id);
  expect(page2.nodes.map((n: { id: number }) => n.id)).toHaveLength(Math.min(2, Math.max(0, expected.length - 2)));
  const first = all.nodes[0];
  const searched = (await api.graphql(PROPERTIES, { search: first.address.postCode }, tokens.agent)).body.data.agentProperties;
  expect(searched.nodes.map((n: { id: number }) => n.id)).toContain(first.id);
  const active = (await api.graphql(PROPERTIES, { status: 'ACTIVE', perPage: 100 }, tokens.agent)).body.data.agentProperties;
  expect(active.nodes.every((n: { status: string }) => n.status === 'ACTIVE')).toBe(true);
  expect((await api.graphql(PROPERTIES, { city: 'Manchester' }, tokens.agent)).body.data.agentProperties.total).toBe(0);
  expect(sorted.length).toBe(all.nodes.length);
  const bad = await api.graphql(PROPERTIES, { status: 'SOLD', perPage: 1000, contractFrom: '2026-02-30' }, tokens.agent);
  expect(code(bad)).toBe('BAD_USER_INPUT');
  expect(JSON.stringify(bad.body.errors[0])).toMatch(/status.*perPage|perPage.*status/);
});

it('gives the dashboard of the selected agency only', async () => {
  const dashboard = (await api.graphql(DASHBOARD, {}, tokens.agent)).body.data.agentDashboard;
  expect(dashboard.agencyName).toBe('Hyde Park Lettings');
  const houses = await api.db.knex('houses').whereIn('agency_id', hydeParkIds).count('* as count').first();
  expect(dashboard.housesByStatus.reduce((sum: number, row: { count: number }) => sum + row.count, 0)).toBe(Number(houses!.count));
  const ids = new Set(await api.db.knex('houses').whereIn('agency_id', hydeParkIds).pluck('id'));
  for (const action of dashboard.actions) expect(ids.has(action.houseId)).toBe(true);
});

it('lets a front-office agent switch to another of their agencies, and refuses one that is not theirs', async () => {
  const fallowfield = agencies['Fallowfield Student Homes']!;
  const list = (await api.graphql(PROPERTIES, { agencyId: fallowfield, perPage: 100 }, tokens['fo-agent'])).body.data.agentProperties;
  const expected = await api.db.knex('houses').where('agency_id', fallowfield).count('* as count').first();
  expect(list.total).toBe(Number(expected!.count));
  expect(list.nodes.every((n: { address: { cityName: string } }) => n.address.cityName === 'Manchester')).toBe(true);
  const hyde = (await api.graphql(DASHBOARD, { agencyId: hydeParkIds[0] }, tokens['fo-agent'])).body.data.agentDashboard;
  expect(hyde.agencyName).toBe('Hyde Park Lettings');
  expect(code(await api.graphql(DASHBOARD, { agencyId: agencies['Lenton Student Living'] }, tokens['fo-agent']))).toBe('FORBIDDEN');
});

describe("every agent operation refuses another agency's ids", () => {
  it.each([
    ['agentDashboard', DASHBOARD, {}],
    ['agentProperties', PROPERTIES, {}],
    ['agentProperty', PROPERTY, { propertyId: 1 }],
    ['agentSubmitMeterReading', SUBMIT, { input: { meterId: 1, readingDate: '2026-01-01', value: '1' } }],
    ['agentSettings', SETTINGS, {}],
    ['inviteAgencyAgent', INVITE, { input: { email: 'sneaky@demo.test', firstName: 'Sne', lastName: 'Aky' } }],
    ['removeAgencyAgent', REMOVE, { agentId: 1 }],
    ['agentBillPackages', BILL_PACKAGES, {}],
  ])('%s with an agency that is not the agent’s is FORBIDDEN', async (_name, query, variables) => {
    const res = await api.graphql(query, { ...variables, agencyId: agencies['Fallowfield Student Homes'] }, tokens.agent);
    expect(code(res)).toBe('FORBIDDEN');
    expect(res.body.data).toBeNull();
  });

  it("agentProperty of another agency's house is not found, also for a front-office agent in the other agency", async () => {
    const foreign = await houseOf([agencies['Lenton Student Living']!]);
    expect(code(await api.graphql(PROPERTY, { propertyId: foreign.id }, tokens.agent))).toBe('NOT_FOUND');
    const hydeHouse = await houseOf(hydeParkIds);
    expect(code(await api.graphql(PROPERTY, { propertyId: hydeHouse.id, agencyId: agencies['Fallowfield Student Homes'] }, tokens['fo-agent']))).toBe('NOT_FOUND');
  });

  it("agentSubmitMeterReading on another agency's meter is 'Meter not found' and keeps no photo", async () => {
    const foreign = await houseOf([agencies['Lenton Student Living']!]);
    const meter = await api.db.knex('meters').where({ house_id: foreign.id, is_active: true }).first('id');
    const uploads = await api.db.knex('uploads').count('* as count').first();
    const res = await api.graphql(SUBMIT, { input: { meterId: meter.id, readingDate: '2026-01-01', value: '100', photo: { fileName: 'm.jpg', contentType: 'image/jpeg', base64: JPEG } } }, tokens.agent);
    expect(code(res)).toBe('BAD_USER_INPUT');
    expect(res.body.errors[0].message).toContain('Meter not found');
    expect(await api.db.knex('uploads').count('* as count').first()).toEqual(uploads);
  });

  it('refuses tenants and staff: the portal is for agents', async () => {
    for (const who of ['tenant', 'staff']) expect(code(await api.graphql(DASHBOARD, {}, tokens[who]))).toBe('FORBIDDEN');
  });
});

it("shows a property's contracts, supplies and readings, and takes a reading with a photo PENDING for staff", async () => {
  const house = await houseOf(hydeParkIds, true);
  const property = (await api.graphql(PROPERTY, { propertyId: house.id }, tokens.agent)).body.data.agentProperty;
  expect(property.id).toBe(house.id);
  expect(property.canEdit).toBe(true);
  expect(property.contracts.length).toBeGreaterThan(0);
  const meter = property.meters.find((m: { rateType: string; isActive: boolean }) => m.rateType === 'SINGLE' && m.isActive);
  const res = await api.graphql(SUBMIT, { input: { meterId: meter.id, readingDate: '2026-11-01', value: '99999.5', confirmed: true, photo: { fileName: 'meter.jpg', contentType: 'image/jpeg', base64: JPEG } } }, tokens.agent);
  expect(res.body.errors).toBeUndefined();
  expect(res.body.data.agentSubmitMeterReading).toMatchObject({ status: 'PENDING', source: 'AGENT_APP', hasPhoto: true, value: '99999.500' });
  const row = await api.db.knex('meter_readings').where({ id: res.body.data.agentSubmitMeterReading.id }).first();
  expect(row).toMatchObject({ type: 'AGENT_REAL', house_id: house.id });
  const after = (await api.graphql(PROPERTY, { propertyId: house.id }, tokens.agent)).body.data.agentProperty;
  expect(after.readings.map((r: { id: string }) => r.id)).toContain(String(row.id));
});

it('lets a view-only agency read but not send readings', async () => {
  await api.db.knex('agencies').where({ id: hydeParkIds[0] }).update({ portal_permissions: 'VIEW_ONLY' });
  try {
    const house = await houseOf(hydeParkIds, true);
    const property = (await api.graphql(PROPERTY, { propertyId: house.id }, tokens.agent)).body.data.agentProperty;
    expect(property.canEdit).toBe(false);
    const meter = await activeSingleMeter(house.id);
    expect(code(await api.graphql(SUBMIT, { input: { meterId: meter.id, readingDate: '2026-11-02', value: '5' } }, tokens.agent))).toBe('FORBIDDEN');
    await api.db.knex('agencies').where({ id: hydeParkIds[0] }).update({ portal_permissions: 'NO_ACCESS' });
    expect(code(await api.graphql(DASHBOARD, {}, tokens.agent))).toBe('FORBIDDEN');
  } finally {
    await api.db.knex('agencies').where({ id: hydeParkIds[0] }).update({ portal_permissions: 'FULL' });
  }
});

describe('the agent sign-up form', () => {
  const LEAD = 'mutation ($input: AgentSignupInput!) { agentSignup(input: $input) { id stage } }';

  it('records an agency lead at stage NEW and tells the partnerships team once', async () => {
    const res = await api.graphql(LEAD, { input: { agencyName: 'Roundhay Lets', contactName: 'Jo Bloggs', email: 'jo@roundhaylets.example.test', phone: '+44 7700 900555', cityName: 'Leeds' } });
    expect(res.body.data.agentSignup).toMatchObject({ stage: 'NEW' });
    const lead = await api.db.knex('agency_leads').where({ id: res.body.data.agentSignup.id }).first();
    expect(lead).toMatchObject({ agency_name: 'Roundhay Lets', contact_name: 'Jo Bloggs', email: 'jo@roundhaylets.example.test', stage: 'NEW', sale_status: 'LEAD', city_name: 'Leeds' });
    const mails = await api.db.knex('outbox_messages').where({ recipient: 'partners@sharedhousebills.co.uk' }).whereILike('subject', '%Roundhay Lets%');
    expect(mails).toHaveLength(1);
    expect(mails[0].text_body).toContain('jo@roundhaylets.example.test');
  });

  it('names each bad field and records nothing', async () => {
    const before = await api.db.knex('agency_leads').count('* as count').first();
    const res = await api.graphql(LEAD, { input: { agencyName: ' ', contactName: 'J0', email: 'not-an-email', phone: 'call me', cityName: 'x'.repeat(101) } });
    expect(res.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(res.body.errors[0].extensions.fields.map((f: { field: string }) => f.field)).toEqual(['agencyName', 'contactName', 'email', 'phone', 'cityName']);
    expect(await api.db.knex('agency_leads').count('* as count').first()).toEqual(before);
  });
});

describe('Settings: a root account manages its agency’s agents', () => {
  it('invites an agent (an e-mail with a link to choose a password), then removes them; never itself or another agency’s agent', async () => {
    const invited = await api.graphql(INVITE, { input: { email: 'new.agent@demo.test', firstName: 'Nia', lastName: 'Evans' } }, tokens.agent);
    expect(invited.body.errors).toBeUndefined();
    const id = invited.body.data.inviteAgencyAgent.id;
    expect(await api.db.knex('agent_agencies').where({ user_id: id, agency_id: hydeParkIds[0] })).toHaveLength(1);
    const mail = await api.db.knex('outbox_messages').where({ recipient: 'new.agent@demo.test' }).first();
    expect(mail.text_body).toMatch(/\/agents\/resetpass\/\S+/);
    const settings = (await api.graphql(SETTINGS, {}, tokens.agent)).body.data.agentSettings;
    expect(settings).toMatchObject({ agencyName: 'Hyde Park Lettings', canManageAgents: true });
    expect(settings.agents.map((a: { email: string }) => a.email)).toEqual(expect.arrayContaining(['agent@demo.test', 'fo-agent@demo.test', 'new.agent@demo.test']));
    expect((await api.graphql(INVITE, { input: { email: 'tenant@demo.test', firstName: 'Amelia', lastName: 'Hughes' } }, tokens.agent)).body.errors[0].extensions.fields[0].field).toBe('email');

    const me = settings.agents.find((a: { isYou: boolean }) => a.isYou).id;
    expect(code(await api.graphql(REMOVE, { agentId: me }, tokens.agent))).toBe('BAD_USER_INPUT');
    const lenton = await api.db.knex('agent_agencies').where({ agency_id: agencies['Lenton Student Living'] }).first();
    expect(code(await api.graphql(REMOVE, { agentId: lenton.user_id }, tokens.agent))).toBe('NOT_FOUND');
    expect(await api.db.knex('agent_agencies').where({ id: lenton.id })).toHaveLength(1);

    expect((await api.graphql(REMOVE, { agentId: id }, tokens.agent)).body.data.removeAgencyAgent).toBe(true);
    expect(await api.db.knex('agent_agencies').where({ user_id: id })).toHaveLength(0);
    expect(await api.db.knex('audit_log').where({ entity: 'agent_agencies', action: 'DELETE' })).toHaveLength(1);
  });

  it('lets no agent of a view-only agency manage agents', async () => {
    await api.db.knex('agencies').where({ id: hydeParkIds[0] }).update({ portal_permissions: 'VIEW_ONLY' });
    try {
      expect((await api.graphql(SETTINGS, {}, tokens.agent)).body.data.agentSettings.canManageAgents).toBe(false);
      expect(code(await api.graphql(INVITE, { input: { email: 'x.agent@demo.test', firstName: 'X', lastName: 'Y' } }, tokens.agent))).toBe('FORBIDDEN');
    } finally {
      await api.db.knex('agencies').where({ id: hydeParkIds[0] }).update({ portal_permissions: 'FULL' });
    }
  });
});

describe('Bills package: the plans the agency offers, and its quote link', () => {
  const REFERRAL = 'mutation ($url: String!) { getAgencyReferralInfoByUrl(input: { url: $url }) { json } }';
  const QUOTE = 'query ($input: PublicQuoteInput!) { publicQuote(input: $input) { options { planType weeklyPerTenantPence monthlyPerTenantPence } } }';
  const partnerOf = async (url: string) => (await api.graphql(REFERRAL, { url })).body.data.getAgencyReferralInfoByUrl.json;

  it('prices each plan for the example house at the agency’s postcode, as a visitor’s quote would, and counts the houses on each', async () => {
    const answer = (await api.graphql(BILL_PACKAGES, {}, tokens.agent)).body.data.agentBillPackages;
    const agency = await api.db.knex('agencies').where({ id: hydeParkIds[0] }).first('post_code');
    expect(answer).toMatchObject({ agencyName: 'Hyde Park Lettings', quotingOnline: true, examplePostcode: agency.post_code });
    expect(answer.packages.map((p: { name: string }) => p.name)).toEqual(['Green Saver', 'Lite', 'Unlimited']);
    const visitor = (await api.graphql(QUOTE, { input: { postcode: agency.post_code, numberOfTenants: 4, bedrooms: 4, services: ['electric', 'gas', 'water', 'broadband'], broadbandSpeed: '400' } })).body.data.publicQuote;
    for (const option of visitor.options) {
      expect(answer.packages.find((p: { planType: string }) => p.planType === option.planType)).toMatchObject({ weeklyPerTenantPence: option.weeklyPerTenantPence, monthlyPerTenantPence: option.monthlyPerTenantPence });
    }
    expect(answer.packages.find((p: { planType: string }) => p.planType === 'UNLIMITED').allowanceKwh).toBeNull();
    expect(answer.packages.find((p: { planType: string }) => p.planType === 'LITE').allowanceKwh).toBeGreaterThan(0);
    const today = await readSystemCurrentDate(api.db.knex);
    for (const pack of answer.packages) {
      const houses = await api.db.knex('house_contracts').whereIn('agency_id', hydeParkIds).where({ billing_type: 'PLAN', plan_type: pack.planType }).whereNot('status', 'CLOSED').where('sign_up_date', '<=', today).where('end_date', '>=', today).countDistinct('house_id as count').first();
      expect(pack.currentHouses).toBe(Number(houses!.count));
    }
  });

  it('gives the agency one quote link, whose visitors see the agency’s current name in the header', async () => {
    const first = (await api.graphql(BILL_PACKAGES, {}, tokens.agent)).body.data.agentBillPackages.quotePath;
    expect(first).toBe('/signup/quote?ref=hyde-park-lettings');
    const [again] = await Promise.all([api.graphql(BILL_PACKAGES, { agencyId: hydeParkIds[0] }, tokens['fo-agent']), api.graphql(BILL_PACKAGES, {}, tokens.agent)]);
    expect(again.body.data.agentBillPackages.quotePath).toBe(first);
    expect(await api.db.knex('agency_referral_links').where({ agency_id: hydeParkIds[0] })).toHaveLength(1);
    expect(await partnerOf(`https://example.test${first}`)).toEqual({ referralCompanyName: 'Hyde Park Lettings', slug: 'hyde-park-lettings' });
    await api.db.knex('agencies').where({ id: hydeParkIds[0] }).update({ name: 'Hyde Park Lets' });
    try {
      expect((await partnerOf(first)).referralCompanyName).toBe('Hyde Park Lets');
      await api.db.knex('agencies').where({ id: hydeParkIds[0] }).update({ is_active: false });
      expect(await partnerOf(first)).toBeNull();
    } finally {
      await api.db.knex('agencies').where({ id: hydeParkIds[0] }).update({ name: 'Hyde Park Lettings', is_active: true });
    }
  });

  it('makes a slug of its own when another link already has the agency’s name', async () => {
    await api.db.knex('agency_referral_links').insert({ slug: 'fallowfield-student-homes', company_name: 'Fallowfield Student Homes Ltd (old)' });
    const fallowfield = agencies['Fallowfield Student Homes']!;
    const answer = (await api.graphql(BILL_PACKAGES, { agencyId: fallowfield }, tokens['fo-agent'])).body.data.agentBillPackages;
    expect(answer.quotePath).toBe(`/signup/quote?ref=fallowfield-student-homes-${fallowfield}`);
    expect((await partnerOf(answer.quotePath)).referralCompanyName).toBe('Fallowfield Student Homes');
  });
});
