import { SandboxSmsAdapter, SmtpEmailAdapter } from '@app/api';
import { startApiHarness, startSmtpReceiver, waitFor, type ApiHarness } from '@app/api/testing';
import os from 'node:os';
import { HANDLERS } from './queues';
import { startWorkers, type RunningWorkers } from './start-workers';

// The whole "forgot password" journey: the request, the e-mail over real SMTP, the link used once.
let api: ApiHarness;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let workers: RunningWorkers;

beforeAll(async () => {
  api = await startApiHarness({ BASE_URL: 'http://bills.localhost' });
  smtp = await startSmtpReceiver();
  const adapters = { email: new SmtpEmailAdapter(smtp.url, 'Shared House Bills <hello@bills.test>'), sms: new SandboxSmsAdapter(os.tmpdir(), 'Bills') };
  workers = await startWorkers(api.db.url, { db: api.db.knex, adapters }, { handlers: HANDLERS as never, schedules: [], pollingIntervalSeconds: 0.5 });
});

afterAll(async () => {
  await workers.stop();
  await smtp.stop();
  await api.stop();
});

const REQUEST = 'mutation ($email: String!) { requestPasswordReset(input: { email: $email }) }';
const VALID = 'query ($token: String!) { isPasswordResetLinkValid(token: $token) }';
const RESET = 'mutation ($input: ResetPasswordInput!) { resetPassword(input: $input) }';

async function linkSentTo(address: string): Promise<string> {
  const mail = await waitFor(`the reset e-mail to ${address}`, () => smtp.messages.find((m) => m.envelopeTo.includes(address)));
  expect(mail.headers.subject).toBe('Reset your Shared House Bills password');
  return /(http:\/\/bills\.localhost\/\S+)/.exec(mail.body)![1]!;
}

it('e-mails a one-time link that resets the password once, and stores only a hash of it', async () => {
  const res = await api.graphql(REQUEST, { email: 'Tenant@Demo.test' });
  expect(res.body.data.requestPasswordReset).toBe(true);
  const link = await linkSentTo('tenant@demo.test');
  expect(link).toMatch(/^http:\/\/bills\.localhost\/resetpass\/[\w-]{43}$/);
  const token = link.split('/').pop()!;
  const stored = await api.db.knex('password_reset_tokens').first('token_hash');
  expect(stored.token_hash).not.toContain(token);

  expect((await api.graphql(VALID, { token })).body.data.isPasswordResetLinkValid).toBe(true);
  const mismatch = await api.graphql(RESET, { input: { token, password: 'Better123', confirmPassword: 'Better124' } });
  expect(mismatch.body.errors[0].extensions.fields).toEqual([{ field: 'confirmPassword', rule: 'match', message: 'Passwords do not match' }]);
  expect((await api.graphql(RESET, { input: { token, password: 'Better123', confirmPassword: 'Better123' } })).body.data.resetPassword).toBe(true);
  expect(await api.signIn('tenant@demo.test', 'Better123')).toBeTruthy();

  const again = await api.graphql(RESET, { input: { token, password: 'Another123', confirmPassword: 'Another123' } });
  expect(again.body.errors[0]).toMatchObject({ message: 'This password reset link has expired or has already been used.', extensions: { reason: 'linkExpired' } });
  expect((await api.graphql(VALID, { token })).body.data.isPasswordResetLinkValid).toBe(false);
});

it('sends agents to the agents reset page, and refuses an expired link', async () => {
  await api.graphql(REQUEST, { email: 'agent@demo.test' });
  const link = await linkSentTo('agent@demo.test');
  expect(link).toMatch(/^http:\/\/bills\.localhost\/agents\/resetpass\//);
  await api.db.knex('password_reset_tokens').update({ expires_at: new Date(Date.now() - 1000) });
  const res = await api.graphql(RESET, { input: { token: link.split('/').pop(), password: 'Later1234', confirmPassword: 'Later1234' } });
  expect(res.body.errors[0].extensions.reason).toBe('linkExpired');
});

it('says when no account has the address', async () => {
  const res = await api.graphql(REQUEST, { email: 'stranger@demo.test' });
  expect(res.body.errors[0]).toMatchObject({
    message: 'email: No account can be found with this email address.',
    extensions: { fields: [{ field: 'email', rule: 'exists', message: 'No account can be found with this email address.' }] },
  });
});

it("sends a tenant's reset link in their group's brand, and staff's in the product's own", async () => {
  await api.db.knex('entity_configurations').where({ group_id: 1 }).update({ display_name: 'Leeds Student Bills' });
  const before = smtp.messages.length;
  await api.graphql(REQUEST, { email: 'tenant@demo.test' });
  const mail = await waitFor('the branded reset e-mail', () => smtp.messages.slice(before).find((m) => m.envelopeTo.includes('tenant@demo.test')));
  expect(mail.headers).toMatchObject({ subject: 'Reset your Leeds Student Bills password', from: 'Leeds Student Bills <hello@bills.test>' });
  expect(mail.body).toContain('your Leeds Student Bills account');
  await api.graphql(REQUEST, { email: 'staff@demo.test' });
  const staff = await waitFor('the staff reset e-mail', () => smtp.messages.slice(before).find((m) => m.envelopeTo.includes('staff@demo.test')));
  expect(staff.headers).toMatchObject({ subject: 'Reset your Shared House Bills password', from: 'Shared House Bills <hello@bills.test>' });
});
