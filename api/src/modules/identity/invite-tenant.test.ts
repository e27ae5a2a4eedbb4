import { createQueues } from '../../jobs/create-queues';
import { QUEUES } from '../../jobs/queues';
import { startApiHarness, type ApiHarness } from '../../testing';

/*
 * "Invite" on a tenant: the welcome e-mail of the group's brand with a one-time link to choose a password,
 * which then signs the tenant in; only for a tenant of the staff member's group, never to a blacklisted address.
 */
let api: ApiHarness;
let staff: string;
beforeAll(async () => {
  api = await startApiHarness();
  await createQueues(api.boss, [QUEUES['outbox.deliver']]);
  staff = await api.signIn('staff@demo.test');
});
afterAll(() => api.stop());

const INVITE = 'mutation ($id: ID!) { inviteTenant(tenantId: $id) }';
const userId = async (email: string) => (await api.db.knex('users').where({ email }).first('id')).id as number;
const invite = (email: number, token = staff, group = '1') => api.graphql(INVITE, { id: email }, token, { 'X-Group-ID': group });

it('e-mails the welcome with a set-password link that lets the tenant sign in', async () => {
  const id = await userId('billpayer@demo.test');
  // As a tenant staff created: never confirmed. Choosing a password from the e-mailed link confirms the address.
  await api.db.knex('users').where({ id }).update({ confirmed_at: null });
  const sent = await invite(id);
  expect(sent.body.errors).toBeUndefined();
  expect(sent.body.data.inviteTenant).toBe('billpayer@demo.test');
  const mail = await api.db.knex('outbox_messages').where({ recipient: 'billpayer@demo.test', channel: 'EMAIL' }).orderBy('id', 'desc').first('subject', 'text_body', 'html_body');
  // In the group's brand (the demo's: the site's name, colour and address).
  expect(mail.subject).toBe('Welcome to Shared House Bills: choose your password');
  expect(mail.text_body).toMatch(/\nShared House Bills\nQuestions\? Write to hello@sharedhousebills\.co\.uk$/);
  expect(mail.html_body).toContain('background:#0f5c4a');
  const token = /\/resetpass\/([\w-]+)/.exec(mail.text_body)![1];
  const reset = await api.graphql('mutation ($input: ResetPasswordInput!) { resetPassword(input: $input) }', { input: { token, password: 'Welcome9', confirmPassword: 'Welcome9' } });
  expect(reset.body.data.resetPassword).toBe(true);
  await expect(api.signIn('billpayer@demo.test', 'Welcome9')).resolves.toEqual(expect.any(String));
  // The link works once.
  const again = await api.graphql('mutation ($input: ResetPasswordInput!) { resetPassword(input: $input) }', { input: { token, password: 'Welcome10', confirmPassword: 'Welcome10' } });
  expect(again.body.errors[0].message).toBe('This password reset link has expired or has already been used.');
});

it("refuses a tenant of another group, with the specification's message, and sends nothing", async () => {
  const id = await userId('group2tenant@demo.test');
  const before = await api.db.knex('outbox_messages').where({ recipient: 'group2tenant@demo.test' }).count({ n: '*' });
  const refused = await invite(id);
  expect(refused.body.errors[0]).toMatchObject({ message: 'Tenant has no contracts in this group', extensions: { code: 'NOT_FOUND' } });
  expect(await api.db.knex('outbox_messages').where({ recipient: 'group2tenant@demo.test' }).count({ n: '*' })).toEqual(before);
  // In its own group it is invited, under that group's brand.
  expect((await invite(id, staff, '2')).body.data.inviteTenant).toBe('group2tenant@demo.test');
  expect((await api.db.knex('outbox_messages').where({ recipient: 'group2tenant@demo.test' }).orderBy('id', 'desc').first('subject')).subject).toBe('Welcome to Shared House Bills: choose your password');
});

it('sends nothing to a blacklisted address: "Welcome e-mail cannot be sent"', async () => {
  await api.db.knex('email_blacklist').insert({ email: 'tenant@demo.test', reason: 'Hard bounce' });
  const refused = await invite(await userId('tenant@demo.test'));
  expect(refused.body.errors[0].extensions.fields).toEqual([{ field: 'email', rule: 'blacklisted', message: 'Welcome e-mail cannot be sent: tenant@demo.test is on the e-mail blacklist' }]);
});

it('refuses read-only staff and tenants', async () => {
  const id = await userId('billpayer@demo.test');
  expect((await invite(id, await api.signIn('readonly@demo.test'))).status).toBe(403);
  expect((await invite(id, await api.signIn('tenant@demo.test'))).status).toBe(403);
});
