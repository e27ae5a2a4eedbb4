import { createQueues } from '../../jobs/create-queues';
import { QUEUES } from '../../jobs/queues';
import { LOGIN, startApiHarness, type ApiHarness } from '../../testing';
import { CONFIRMATION_RESENT } from './resend-confirmation.service';
import { nextAddress } from './signup-test-helpers';

/*
 * "Send the link again": a tenant whose welcome e-mail's link has expired (or was lost) asks for a new one. An
 * account waiting for confirmation gets a new one-time link in its group's brand; an unknown, confirmed or staff
 * address gets nothing; every caller reads the same answer, so the call tells no one whether an account exists.
 */

let api: ApiHarness;
const RESEND = 'mutation ($email: String!) { resendSignupConfirmation(email: $email) { sent message } }';
const CONFIRM = 'mutation ($token: String!) { confirmSignupAccount(token: $token) { email } }';
const TENANT = 'tenant@demo.test';

const anonymous = async (query: string, variables: Record<string, unknown>, from = nextAddress()) => (await api.graphql(query, variables, null, { 'X-Forwarded-For': from })).body;
const confirmationMails = (email: string) => api.db.knex('outbox_messages').where({ recipient: email }).where('subject', 'like', 'Confirm your % account').orderBy('id');

beforeAll(async () => {
  api = await startApiHarness();
  await createQueues(api.boss, [QUEUES['outbox.deliver']]);
  // The demo tenant, as if they had never opened their welcome e-mail's link, which has since expired.
  await api.db.knex('users').where({ email: TENANT }).update({ confirmed_at: null });
});
afterAll(() => api.stop());

it('mails an unconfirmed tenant a new link in their brand, which confirms the account so they can sign in', async () => {
  expect((await anonymous(LOGIN, { input: { email: TENANT, password: 'Demo1234' } })).errors[0].message).toBe('You must confirm your account first!');
  const answer = await anonymous(RESEND, { email: ' Tenant@Demo.test ' });
  expect(answer.errors).toBeUndefined();
  expect(answer.data.resendSignupConfirmation).toEqual({ sent: true, message: CONFIRMATION_RESENT });
  const [mail] = await confirmationMails(TENANT);
  const brand = (await api.db.knex('outbox_messages').where({ id: mail.id }).first()).sender_name as string;
  expect(mail.subject).toBe(`Confirm your ${brand} account`);
  const token = /signup-complete\?confirm=([\w-]+)/.exec(mail.text_body)![1]!;
  expect((await anonymous(CONFIRM, { token })).data.confirmSignupAccount).toEqual({ email: TENANT });
  expect((await anonymous(LOGIN, { input: { email: TENANT, password: 'Demo1234' } })).data.login.role).toBe('front');
  // Confirmed now: asking again sends nothing, and says the same.
  expect((await anonymous(RESEND, { email: TENANT })).data.resendSignupConfirmation.message).toBe(CONFIRMATION_RESENT);
  expect(await confirmationMails(TENANT)).toHaveLength(1);
});

it('says the same to an unknown address and to staff, and mails neither', async () => {
  for (const email of ['nobody@nowhere.test', 'staff@demo.test']) {
    if (email === 'staff@demo.test') await api.db.knex('users').where({ email }).update({ confirmed_at: null });
    expect((await anonymous(RESEND, { email })).data.resendSignupConfirmation).toEqual({ sent: true, message: CONFIRMATION_RESENT });
    expect(await confirmationMails(email)).toHaveLength(0);
  }
  await api.db.knex('users').where({ email: 'staff@demo.test' }).update({ confirmed_at: api.db.knex.fn.now() });
});

it('names the field of an address that is not one, and limits how often one address is asked for', async () => {
  for (const [email, message] of [['', 'Required'], ['not-an-address', expect.any(String)]] as const) {
    const refused = await anonymous(RESEND, { email });
    expect(refused.errors[0].extensions.fields).toEqual([expect.objectContaining({ field: 'email', message })]);
  }
  const email = 'limited@nowhere.test';
  for (let i = 0; i < 3; i += 1) expect((await anonymous(RESEND, { email })).errors).toBeUndefined();
  expect((await anonymous(RESEND, { email })).errors[0].extensions.code).toBe('RATE_LIMITED');
});
