import { createQueues } from '../../jobs/create-queues';
import { QUEUES } from '../../jobs/queues';
import { startApiHarness, type ApiHarness } from '../../testing';
import { SAVE_QUOTE_LIMITS } from './save-public-quote.service';

/*
 * "E-mail me this quote": an anonymous visitor's quote is priced again on the server, kept as weekly quotes
 * (one per plan) with the e-mail, and one e-mail is queued with each plan's share; the same quote to the same
 * address is refused ("Weekly quote already exists"); bad input names its field and keeps nothing.
 */

let api: ApiHarness;
let visitor = 0;

const SAVE = 'mutation ($input: PublicQuoteInput!, $email: String!) { savePublicQuote(input: $input, email: $email) { email saved } }';
const QUOTE = 'query ($input: PublicQuoteInput!) { publicQuote(input: $input) { options { planType weeklyPerTenantPence monthlyPerTenantPence } } }';
const HOUSE = { postcode: 'LS6 1AA', numberOfTenants: 5, services: ['electric', 'gas', 'water', 'broadband'], broadbandSpeed: '600' };

const save = async (variables: Record<string, unknown>, address = `203.0.113.${++visitor}`) => (await api.graphql(SAVE, variables, null, { 'X-Forwarded-For': address })).body;
const count = async (table: string, where: Record<string, unknown>) => Number((await api.db.knex(table).where(where).count('* as count').first())!.count);

beforeAll(async () => {
  api = await startApiHarness();
  await createQueues(api.boss, [QUEUES['outbox.deliver']]);
});
afterAll(() => api.stop());

it('keeps each plan with the e-mail and sends one e-mail with the shares the visitor saw', async () => {
  const answer = await save({ input: HOUSE, email: 'Student.One@example.test' });
  expect(answer.errors).toBeUndefined();
  expect(answer.data.savePublicQuote).toEqual({ email: 'Student.One@example.test', saved: 3 });
  const rows = await api.db.knex('weekly_quotes').where({ email: 'Student.One@example.test' }).orderBy('id');
  expect(rows.map((row) => row.plan_type)).toEqual(['GREENSAVER', 'LITE', 'UNLIMITED']);
  expect(rows.every((row) => row.postcode === 'LS6 1AA' && row.number_of_tenants === 5 && row.house_contract_id === null && row.created_by_user_id === null)).toBe(true);

  const seen = (await api.graphql(QUOTE, { input: HOUSE })).body.data.publicQuote.options;
  for (const option of seen) expect(rows.find((row) => row.plan_type === option.planType)).toMatchObject({ weekly_per_tenant_pence: option.weeklyPerTenantPence, monthly_per_tenant_pence: option.monthlyPerTenantPence });
  const mails = await api.db.knex('outbox_messages').where({ recipient: 'Student.One@example.test' });
  expect(mails).toHaveLength(1);
  expect(mails[0].subject).toBe('Your quote from Shared House Bills');
  const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;
  expect(mails[0].text_body).toContain(`Green Saver: ${pounds(seen[0].weeklyPerTenantPence)} a week each (${pounds(seen[0].monthlyPerTenantPence)} a month)`);
  expect(mails[0].text_body).toContain('5 tenants at LS6 1AA');
  expect(await count('audit_log', { entity: 'weekly_quotes', action: 'INSERT' })).toBeGreaterThanOrEqual(3);
});

it('saves the same quote for the same address once: "Weekly quote already exists", and nothing more is sent', async () => {
  const reordered = { ...HOUSE, services: ['broadband', 'water', 'gas', 'electric'] };
  const again = await save({ input: reordered, email: 'student.one@EXAMPLE.test' });
  expect(again.errors[0].extensions.code).toBe('CONFLICT');
  expect(again.errors[0].message).toBe('Weekly quote already exists');
  expect(again.errors[0].extensions.fields).toEqual([expect.objectContaining({ field: 'email', message: 'Weekly quote already exists' })]);
  expect(await count('outbox_messages', { subject: 'Your quote from Shared House Bills' })).toBe(1);
  // Other answers are another quote.
  expect((await save({ input: { ...HOUSE, numberOfTenants: 4 }, email: 'student.one@example.test' })).data.savePublicQuote.saved).toBe(3);
});

it('names the bad field and keeps nothing: the e-mail, or the house', async () => {
  const before = await count('weekly_quotes', {});
  const noEmail = await save({ input: HOUSE, email: 'not an e-mail' });
  expect(noEmail.errors[0].extensions.fields).toEqual([expect.objectContaining({ field: 'email', message: 'Invalid e-mail address' })]);
  const badHouse = await save({ input: { ...HOUSE, numberOfTenants: 13 }, email: 'two@example.test' });
  expect(badHouse.errors[0].extensions.fields.map((f: { field: string }) => f.field)).toContain('numberOfTenants');
  expect(await count('weekly_quotes', {})).toBe(before);
  expect(await count('outbox_messages', { recipient: 'two@example.test' })).toBe(0);
});

it('sends at most a few quotes to one address a day, whoever asks', async () => {
  const email = 'flooded@example.test';
  for (let tenants = 1; tenants <= SAVE_QUOTE_LIMITS.email.limit; tenants += 1) {
    expect((await save({ input: { ...HOUSE, numberOfTenants: tenants, bedrooms: 5 }, email })).errors).toBeUndefined();
  }
  const refused = await save({ input: { ...HOUSE, numberOfTenants: 5, bedrooms: 6 }, email });
  expect(refused.errors[0].extensions.code).toBe('RATE_LIMITED');
  expect(await count('outbox_messages', { recipient: email })).toBe(SAVE_QUOTE_LIMITS.email.limit);
});
