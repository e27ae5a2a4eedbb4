import { createQueues } from '../../jobs/create-queues';
import { QUEUES } from '../../jobs/queues';
import { LOGIN, startApiHarness, type ApiHarness } from '../../testing';
import { readSystemCurrentDate } from '../settings/read-current-date.service';
import { orderSignupServices } from './order-services.service';
import { countRows, joinForm, newHouseForm, nextAddress, processSignupRequest, startSignup } from './signup-test-helpers';

/*
 * A two-person house signs up online (issue 15): the lead signs up a new house on a plan, paying by card;
 * the records exist in one go (house, house contract with its services ordered, the lead's tenant contract
 * and schedule, an unconfirmed account), the housemate's invitation and the welcome e-mail are queued; the same
 * request again (also two at once) answers the same and writes nothing more; the housemate opens the invitation,
 * joins with Direct Debit and the house is 2 of 2 signed; neither can sign in before confirming the account.
 * A My Energy Bill sign-up makes a BILL contract without a schedule.
 */

let api: ApiHarness;
let today: string;
const SUCCESS_URL = 'http://localhost:3000/signup/add-payment';

const INVITATION = 'query ($id: Int!, $email: String!) { signupInvitation(houseContractId: $id, email: $email) { houseContractId address planType weeklyPerTenantPence monthlyPerTenantPence startDate endDate signedCount expectedCount services } }';
const CHECKOUT = 'mutation ($token: String!, $url: String!) { signupCardCheckout(token: $token, successUrl: $url) { sessionUrl } }';
const DIRECT_DEBIT = 'mutation ($token: String!, $name: String!, $sort: String!, $account: String!) { signupDirectDebit(token: $token, accountHolderName: $name, sortCode: $sort, accountNumber: $account, accountHolderConfirmed: true) { status reference firstCollectionDate } }';
const STATUS = 'query ($token: String!) { signupPaymentStatus(token: $token) { paymentMethod cardOnFile mandateStatus complete } }';
const CONFIRM = 'mutation ($token: String!) { confirmSignupAccount(token: $token) { email } }';

const anonymous = async (query: string, variables: Record<string, unknown>) => (await api.graphql(query, variables, null, { 'X-Forwarded-For': nextAddress() })).body;
const login = async (email: string, password: string) => (await api.graphql(LOGIN, { input: { email, password } }, null, { 'X-Forwarded-For': nextAddress() })).body;
const confirmLinkOf = async (email: string) => {
  const mail = await api.db.knex('outbox_messages').where({ recipient: email }).where('subject', 'like', 'Welcome to %').orderBy('id', 'desc').first();
  return /signup-complete\?confirm=([\w-]+)/.exec(mail.text_body)![1]!;
};

let lead: { token: string; result: Record<string, number | string | null> };

beforeAll(async () => {
  api = await startApiHarness();
  await createQueues(api.boss, [QUEUES['outbox.deliver'], QUEUES['signup.order-services']]);
  today = await readSystemCurrentDate(api.db.knex);
});
afterAll(() => api.stop());

it('signs the lead up: house, house contract with services ordered, tenant contract, schedule, unconfirmed user, invitation and welcome e-mails', async () => {
  const token = await startSignup(api);
  const before = await countRows(api);
  const res = await processSignupRequest(api, 'plan', newHouseForm(token, today));
  expect(res.status).toBe(200);
  const result = res.body;
  expect(result).toMatchObject({ planType: 'GREENSAVER', signedCount: 1, expectedCount: 2, paymentMethod: 'CREDIT_CARD', firstCollectionDate: expect.stringMatching(/-05$/) });
  expect(result.weeklyPerTenantPence).toBeGreaterThan(0);
  lead = { token, result };

  const houseContract = await api.db.knex('house_contracts').where({ id: result.houseContractId }).first();
  expect(houseContract).toMatchObject({ billing_type: 'PLAN', plan_type: 'GREENSAVER', number_of_tenants: 2, status: 'ACTIVE', group_id: 1, agency_id: null, weekly_price_pence: result.weeklyPerTenantPence });
  // Priced again on the server: the same as the public quote of the same house.
  const quote = await api.graphql('query ($input: PublicQuoteInput!) { publicQuote(input: $input) { options { planType weeklyPerTenantPence } } }', { input: { postcode: 'LS6 1AA', bedrooms: 2, numberOfTenants: 2, services: ['electric', 'gas', 'water', 'broadband'], broadbandSpeed: '600', startDate: houseContract.sign_up_date, endDate: houseContract.end_date } });
  expect(quote.body.data.publicQuote.options.find((o: { planType: string }) => o.planType === 'GREENSAVER').weeklyPerTenantPence).toBe(result.weeklyPerTenantPence);
  expect(await api.db.knex('houses').where({ id: houseContract.house_id }).first()).toMatchObject({ street_name: '27 Headingley Mount', post_code: 'LS6 1AA', status: 'INCOMPLETE_SIGNUP', region: expect.any(String) });
  const services = await api.db.knex('services').where({ house_contract_id: result.houseContractId }).orderBy('utility_type');
  expect(services.map((s) => [s.utility_type, s.utility_status])).toEqual([['broadband', 'ORDERED_BY_THE_TENANT'], ['electric', 'ORDERED_BY_THE_TENANT'], ['gas', 'ORDERED_BY_THE_TENANT'], ['water', 'ORDERED_BY_THE_TENANT']]);
  expect(await api.db.knex('tenant_contracts').where({ id: result.tenantContractId }).first()).toMatchObject({ user_id: result.userId, status: 'PENDING', payment_method: 'CREDIT_CARD', payment_day: 5 });
  expect(await api.db.knex('payment_schedules').where({ tenant_contract_id: result.tenantContractId }).select('kind', 'status', 'payment_day')).toEqual([{ kind: 'REGULAR_PAYMENT', status: 'ACTIVE', payment_day: 5 }]);
  const user = await api.db.knex('users').where({ id: result.userId }).first();
  expect(user).toMatchObject({ email: 'lead@signup.test', role: 'front', portal: 'MY_ACCOUNT', confirmed_at: null, phone: '+447700900123' });
  expect(user.password_hash).toMatch(/^\$argon2id\$/);
  expect(await api.db.knex('tree_plantings').where({ user_id: result.userId }).count({ n: '*' })).toEqual([{ n: 1 }]);

  const invitation = await api.db.knex('outbox_messages').where({ recipient: 'mate@signup.test' }).first();
  expect(invitation.text_body).toContain(`http://localhost:3000/signup/join?houseContractId=${result.houseContractId}&email=mate%40signup.test`);
  expect(await confirmLinkOf('lead@signup.test')).toBeTruthy();
  const after = await countRows(api);
  expect(after.houses - before.houses).toBe(1);
  expect(after.tenant_contracts - before.tenant_contracts).toBe(1);
  expect(after.outbox_messages - before.outbox_messages).toBe(2);
});

it('answers the same request again the same, also two at once, and writes nothing more', async () => {
  const before = await countRows(api);
  const again = await processSignupRequest(api, 'plan', newHouseForm(lead.token, today));
  expect(again.status).toBe(200);
  expect(again.body).toEqual(lead.result);
  expect(await countRows(api)).toEqual(before);

  const token = await startSignup(api);
  const form = newHouseForm(token, today, { house: { line1: '3 Cardigan Road' }, tenant: { email: 'twice@signup.test' }, housemates: [] });
  const [first, second] = await Promise.all([processSignupRequest(api, 'plan', form), processSignupRequest(api, 'plan', form)]);
  expect([first.status, second.status]).toEqual([200, 200]);
  expect(second.body).toEqual(first.body);
  const after = await countRows(api);
  expect(after.houses - before.houses).toBe(1);
  expect(after.tenant_contracts - before.tenant_contracts).toBe(1);
  expect(after.users - before.users).toBe(1);
});

it('lets the lead add a card in another tab: the checkout of its own contract, followed by the status', async () => {
  expect((await anonymous(STATUS, { token: lead.token })).data.signupPaymentStatus).toEqual({ paymentMethod: 'CREDIT_CARD', cardOnFile: false, mandateStatus: null, complete: false });
  const checkout = await anonymous(CHECKOUT, { token: lead.token, url: SUCCESS_URL });
  expect(checkout.errors).toBeUndefined();
  const { sessionUrl } = checkout.data.signupCardCheckout;
  const posted = await fetch(sessionUrl, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ cardNumber: '4242424242424242', cardExpiry: '11/33', cardCvc: '321' }) });
  expect(posted.headers.get('location')).toContain(SUCCESS_URL);
  expect((await anonymous(STATUS, { token: lead.token })).data.signupPaymentStatus).toEqual({ paymentMethod: 'CREDIT_CARD', cardOnFile: true, mandateStatus: null, complete: true });
  expect(await api.db.knex('tenant_contracts').where({ id: lead.result.tenantContractId }).first('status')).toEqual({ status: 'ACTIVE' });
  expect(await api.db.knex('signup_sessions').where({ token: lead.token }).first('completed_at')).toEqual({ completed_at: expect.any(Date) });
  // Off-site return addresses are refused.
  const other = await startSignup(api);
  await processSignupRequest(api, 'plan', newHouseForm(other, today, { house: { line1: '9 Ash Road' }, tenant: { email: 'offsite@signup.test' }, housemates: [] }));
  expect((await anonymous(CHECKOUT, { token: other, url: 'https://evil.example/x' })).errors[0].extensions.fields[0]).toMatchObject({ field: 'successUrl', rule: 'ownSite' });
});

it('lets the housemate join from the invitation with Direct Debit: 2 of 2 signed, the house complete', async () => {
  const id = lead.result.houseContractId as number;
  const invitation = (await anonymous(INVITATION, { id, email: 'Mate@Signup.test' })).data.signupInvitation;
  expect(invitation).toMatchObject({ houseContractId: id, address: '27 Headingley Mount', planType: 'GREENSAVER', weeklyPerTenantPence: lead.result.weeklyPerTenantPence, monthlyPerTenantPence: lead.result.monthlyPerTenantPence, signedCount: 1, expectedCount: 2 });
  expect(invitation.services.sort()).toEqual(['broadband', 'electric', 'gas', 'water']);

  const token = await startSignup(api);
  const res = await processSignupRequest(api, 'plan', joinForm(token, id, 'mate@signup.test'));
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ houseContractId: id, planType: 'GREENSAVER', signedCount: 2, expectedCount: 2, paymentMethod: 'DIRECT_DEBIT' });
  const houseContract = await api.db.knex('house_contracts').where({ id }).first('house_id');
  expect(await api.db.knex('houses').where({ id: houseContract.house_id }).first('status')).toEqual({ status: 'ACTIVE' });
  // Split liability: the housemate's schedule is their own.
  expect(await api.db.knex('payment_schedules').where({ tenant_contract_id: res.body.tenantContractId }).count({ n: '*' })).toEqual([{ n: 1 }]);
  expect(await api.db.knex('payment_schedules').where({ tenant_contract_id: lead.result.tenantContractId }).count({ n: '*' })).toEqual([{ n: 1 }]);

  const mandate = await anonymous(DIRECT_DEBIT, { token, name: 'Jonah Baptiste', sort: '10-88-00', account: '12345628' });
  expect(mandate.errors).toBeUndefined();
  expect(mandate.data.signupDirectDebit).toMatchObject({ status: 'PENDING', reference: expect.stringMatching(/^SHB-/), firstCollectionDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
  expect(mandate.data.signupDirectDebit.firstCollectionDate >= today).toBe(true);
  expect(await api.db.knex('outbox_messages').where({ recipient: 'mate@signup.test', subject: 'Your Direct Debit is set up' }).count({ n: '*' })).toEqual([{ n: 1 }]);
  expect((await anonymous(STATUS, { token })).data.signupPaymentStatus).toEqual({ paymentMethod: 'DIRECT_DEBIT', cardOnFile: false, mandateStatus: 'PENDING', complete: true });
  // The invitation is used: the same pair no longer opens it.
  expect((await anonymous(INVITATION, { id, email: 'mate@signup.test' })).errors[0].message).toBe('Invalid House Contract ID or Email');
});

it('refuses sign-in until the account is confirmed from the welcome e-mail, then lets the tenant in', async () => {
  expect((await login('lead@signup.test', 'Sunny2024')).errors[0].message).toBe('You must confirm your account first!');
  const link = await confirmLinkOf('lead@signup.test');
  expect((await anonymous(CONFIRM, { token: link })).data.confirmSignupAccount).toEqual({ email: 'lead@signup.test' });
  expect((await login('lead@signup.test', 'Sunny2024')).data.login.role).toBe('front');
  expect((await anonymous(CONFIRM, { token: link })).errors[0].message).toBe('This confirmation link has expired or has already been used.');
  expect((await anonymous(CONFIRM, { token: 'x'.repeat(43) })).errors[0].extensions.code).toBe('NOT_FOUND');
});

it('places the ordered services with the suppliers once (the workers job)', async () => {
  const id = lead.result.houseContractId as number;
  expect(await api.boss.findJobs('signup.order-services', { data: { houseContractId: id } })).toHaveLength(1);
  expect(await orderSignupServices(api.db.knex, id)).toEqual({ ordered: 4 });
  expect(await orderSignupServices(api.db.knex, id)).toEqual({ ordered: 0 });
  const services = await api.db.knex('services').where({ house_contract_id: id }).orderBy('utility_type').select('utility_type', 'utility_status', 'broadband_change');
  expect(services.every((s) => s.utility_status === 'ACTIONED_BY_PROVIDER')).toBe(true);
  expect(services[0]).toMatchObject({ utility_type: 'broadband', broadband_change: 'ORDER_PLACED' });
});

it("links a sign-up that came through an agency's referral link to that agency and its group", async () => {
  const agency = await api.db.knex('agencies').whereRaw('lower(name) = ?', ['hyde park lettings']).first('id', 'group_id');
  await api.db.knex('agency_referral_links').insert({ slug: 'hyde-park-signup', company_name: 'Hyde Park Lettings', agency_id: agency.id });
  const token = await startSignup(api, 'SIGNUP', 'hyde-park-signup');
  const res = await processSignupRequest(api, 'plan', newHouseForm(token, today, { house: { line1: '5 Agency Walk' }, tenant: { email: 'agency@signup.test' }, housemates: [] }));
  expect(res.status).toBe(200);
  expect(await api.db.knex('house_contracts').where({ id: res.body.houseContractId }).first('agency_id', 'group_id')).toEqual({ agency_id: agency.id, group_id: agency.group_id });
});

it('signs a My Energy Bill customer up: a BILL contract, no schedule, the energy-bill portal, complete when paying on receipt', async () => {
  const token = await startSignup(api, 'ENERGY_BILL');
  const form = newHouseForm(token, today, { house: { line1: '41 Ash Grove', postcode: 'LS6 1AA' }, quote: { planType: undefined, numberOfTenants: 1 }, tenant: { email: 'bill@signup.test' }, housemates: [], finishingTouches: { paymentDay: null, broadbandStartDate: null }, paymentMethod: 'PAY_ON_RECEIPT' });
  delete (form.quote as Record<string, unknown>).planType;
  const res = await processSignupRequest(api, 'bill', form);
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ planType: null, signedCount: 1, expectedCount: 1, paymentMethod: 'PAY_ON_RECEIPT', firstCollectionDate: null });
  expect(await api.db.knex('house_contracts').where({ id: res.body.houseContractId }).first('billing_type', 'plan_type', 'weekly_price_pence')).toEqual({ billing_type: 'BILL', plan_type: null, weekly_price_pence: null });
  expect(await api.db.knex('payment_schedules').where({ tenant_contract_id: res.body.tenantContractId }).count({ n: '*' })).toEqual([{ n: 0 }]);
  expect(await api.db.knex('users').where({ id: res.body.userId }).first('role', 'portal')).toEqual({ role: 'bill-payer', portal: 'ENERGY_BILL' });
  expect(await api.db.knex('tenant_contracts').where({ id: res.body.tenantContractId }).first('status')).toEqual({ status: 'ACTIVE' });
  expect(await api.db.knex('signup_sessions').where({ token }).first('completed_at')).toEqual({ completed_at: expect.any(Date) });
  expect((await anonymous(STATUS, { token })).data.signupPaymentStatus).toMatchObject({ paymentMethod: 'PAY_ON_RECEIPT', complete: true });
});

it('shows staff the correspondence address a tenant gave at sign-up, and keeps it a real postcode when they change it', async () => {
  const token = await startSignup(api);
  const form = newHouseForm(token, today, { house: { line1: '9 Letter Lane' }, tenant: { email: 'away@signup.test', alternativeAddress: { line1: '12 Harbour Street', city: 'Whitby', postcode: 'yo21 3ab' } }, housemates: [] });
  const res = await processSignupRequest(api, 'plan', form);
  expect(res.status).toBe(200);
  const staff = await api.signIn('staff@demo.test');
  const FIELDS = 'correspondenceStreetName correspondenceCityName correspondencePostCode';
  const shown = await api.graphql(`query ($id: ID!) { Tenant(id: $id) { ${FIELDS} } }`, { id: String(res.body.userId) }, staff, { 'X-Group-ID': '1' });
  expect(shown.body.data.Tenant).toEqual({ correspondenceStreetName: '12 Harbour Street', correspondenceCityName: 'Whitby', correspondencePostCode: 'YO21 3AB' });
  const changed = await api.graphql(`mutation ($id: ID!, $postCode: String) { updateTenant(id: $id, correspondencePostCode: $postCode) { ${FIELDS} } }`, { id: String(res.body.userId), postCode: 'not a postcode' }, staff, { 'X-Group-ID': '1' });
  expect(changed.body.errors[0].extensions.fields).toEqual([expect.objectContaining({ field: 'correspondencePostCode' })]);
});
