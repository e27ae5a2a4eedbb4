import { startApiHarness, type ApiHarness } from '../../testing';
import { SIGNUP_SESSION_MESSAGES, SIGNUP_START_LIMIT } from './signup-session.service';

/*
 * The sign-up wizard's state on the server: a visitor starts a sign-up, each step's answers are kept under the
 * token, a refresh (or another device) reads them back; nothing outside the flow or too big is kept; a token
 * that is not theirs finds nothing; staff who work for every group see where each sign-up stopped.
 */

let api: ApiHarness;
let visitor = 0;

const SESSION = 'token flow step steps state completed';
const START = `mutation ($flow: String, $referralSlug: String) { startSignup(flow: $flow, referralSlug: $referralSlug) { ${SESSION} } }`;
const SAVE = `mutation ($token: ID!, $step: String!, $data: JSON!) { saveSignupStep(token: $token, step: $step, data: $data) { ${SESSION} } }`;
const READ = `query ($token: ID!) { signupSession(token: $token) { ${SESSION} } }`;
const STAFF_LIST = '{ allSignupSessions(sortField: "updatedAt", sortOrder: "DESC") { id flow step email postcode referralSlug completedAt } }';

const anonymous = async (query: string, variables: Record<string, unknown>, address = `198.18.0.${++visitor}`) => (await api.graphql(query, variables, null, { 'X-Forwarded-For': address })).body;
const code = (body: { errors?: Array<{ extensions: { code: string } }> }) => body.errors?.[0]?.extensions.code;

beforeAll(async () => {
  api = await startApiHarness();
});
afterAll(() => api.stop());

it('keeps each step on the server so a refresh goes on where the visitor was', async () => {
  const started = (await anonymous(START, { referralSlug: 'hyde-park-lettings' })).data.startSignup;
  expect(started).toMatchObject({ flow: 'SIGNUP', step: 'quote', state: { isNewHouse: null, houseContractId: null }, completed: false });
  expect(started.steps).toEqual(['initial', 'join', 'quote', 'services', 'tenant-details', 'add-finishing-touches', 'summary', 'login-step', 'add-payment']);
  await anonymous(SAVE, { token: started.token, step: 'quote', data: { postcode: 'ls6 1aa', numberOfTenants: 2 } });
  await anonymous(SAVE, { token: started.token, step: 'tenant-details', data: { email: 'lead@example.test', firstName: 'Amara' } });

  const again = (await anonymous(READ, { token: started.token })).data.signupSession;
  expect(again).toMatchObject({ step: 'tenant-details', state: { isNewHouse: null, houseContractId: null, quote: { postcode: 'ls6 1aa', numberOfTenants: 2 }, 'tenant-details': { email: 'lead@example.test', firstName: 'Amara' } } });
  // Back to the quote: its answers are still there, and it becomes the step the visitor is on.
  expect((await anonymous(SAVE, { token: started.token, step: 'quote', data: { postcode: 'LS6 1AA', numberOfTenants: 3 } })).data.saveSignupStep).toMatchObject({ step: 'quote', state: { quote: { numberOfTenants: 3 }, 'tenant-details': { firstName: 'Amara' } } });

  const row = await api.db.knex('signup_sessions').where({ token: started.token }).first();
  expect(row).toMatchObject({ email: 'lead@example.test', postcode: 'LS6 1AA', referral_slug: 'hyde-park-lettings', step: 'quote' });
});

it('keeps only steps of the flow, answers as an object of at most 16 KB, and nothing after completion', async () => {
  const { token } = (await anonymous(START, { flow: 'ENERGY_BILL' })).data.startSignup;
  const wrong = await anonymous(SAVE, { token, step: 'add-payment', data: {} });
  expect(wrong.errors[0].extensions.fields).toEqual([expect.objectContaining({ field: 'step', message: 'Step must be one of house, quotes, tenant, payment, finish, login-step' })]);
  expect((await anonymous(SAVE, { token, step: 'house', data: 'not an object' })).errors[0].extensions.fields[0].field).toBe('data');
  expect((await anonymous(SAVE, { token, step: 'house', data: { notes: 'x'.repeat(17_000) } })).errors[0].extensions.fields[0]).toMatchObject({ field: 'data', rule: 'maxSize' });
  expect((await anonymous(START, { flow: 'SOMETHING' })).errors[0].extensions.fields[0].field).toBe('flow');

  await api.db.knex('signup_sessions').where({ token }).update({ completed_at: new Date() });
  const late = await anonymous(SAVE, { token, step: 'house', data: { postcode: 'M14 6JR' } });
  expect(code(late)).toBe('CONFLICT');
  expect(late.errors[0].message).toBe(SIGNUP_SESSION_MESSAGES.completed);
});

it("finds nothing with a token that is not a sign-up's, and starts at most 30 sign-ups an hour per visitor", async () => {
  for (const token of ['7b0c7d3e-1c51-4a43-9f55-2a3c1d1f0e9a', 'guess', '1']) {
    expect(code(await anonymous(READ, { token }))).toBe('NOT_FOUND');
    expect(code(await anonymous(SAVE, { token, step: 'quote', data: {} }))).toBe('NOT_FOUND');
  }
  const address = '198.18.1.1';
  for (let i = 0; i < SIGNUP_START_LIMIT.limit; i += 1) expect(code(await anonymous(START, {}, address))).toBeUndefined();
  expect(code(await anonymous(START, {}, address))).toBe('RATE_LIMITED');
});

it('shows staff who work for every group where each sign-up stopped, never its token; partner staff see none', async () => {
  const { token } = (await anonymous(START, {})).data.startSignup;
  await anonymous(SAVE, { token, step: 'services', data: { postcode: 'NG7 2BY' } });
  const staff = await api.signIn('staff@demo.test');
  const list = (await api.graphql(STAFF_LIST, {}, staff, { 'X-Group-ID': '1' })).body.data.allSignupSessions;
  expect(list[0]).toMatchObject({ flow: 'SIGNUP', step: 'services', postcode: 'NG7 2BY', completedAt: null });
  expect(code((await api.graphql('{ allSignupSessions { token } }', {}, staff, { 'X-Group-ID': '1' })).body)).toBe('GRAPHQL_VALIDATION_FAILED');
  const partner = await api.signIn('partner@demo.test');
  expect(code((await api.graphql(STAFF_LIST, {}, partner, { 'X-Group-ID': '1' })).body)).toBe('FORBIDDEN');
});
