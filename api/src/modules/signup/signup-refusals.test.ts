import { createQueues } from '../../jobs/create-queues';
import { QUEUES } from '../../jobs/queues';
import { addDays, addMonths } from '../../rules';
import { startApiHarness, type ApiHarness } from '../../testing';
import { readSystemCurrentDate } from '../settings/read-current-date.service';
import { countRows, joinForm, newHouseForm, nextAddress, processSignupRequest, startSignup } from './signup-test-helpers';

/*
 * Every refusal of a sign-up names its field and rule and writes nothing: the specification's §8 sign-up
 * messages each provoked (a paying tenant at the address, an address signed up for the dates, sign-ups closed,
 * an invitation that does not match, options that contradict the records, a contract that cannot be joined,
 * a tenant registered for the dates, a third plan contract, a welcome e-mail that cannot be sent), the form's
 * field rules, and the payment step scoped to the tenant contract its own sign-up created.
 */

let api: ApiHarness;
let today: string;
const INVITATION = 'query ($id: Int!, $email: String!) { signupInvitation(houseContractId: $id, email: $email) { houseContractId } }';
const CHECKOUT = 'mutation ($token: String!) { signupCardCheckout(token: $token, successUrl: "http://localhost:3000/signup/add-payment") { sessionUrl } }';
const DIRECT_DEBIT = 'mutation ($token: String!) { signupDirectDebit(token: $token, accountHolderName: "A Payer", sortCode: "10-88-00", accountNumber: "12345628", accountHolderConfirmed: true) { status } }';
const STATUS = 'query ($token: String!) { signupPaymentStatus(token: $token) { paymentMethod complete } }';
const REFERRAL = 'query ($code: String!) { checkSignupReferralCode(code: $code) { applied message } }';

const anonymous = async (query: string, variables: Record<string, unknown>) => (await api.graphql(query, variables, null, { 'X-Forwarded-For': nextAddress() })).body;

/** Posts a form that must be refused with exactly these field errors, and checks nothing was written. */
async function refused(kind: 'plan' | 'bill', body: Record<string, unknown>, expected: Array<{ field: string; rule?: string; message?: string }>) {
  const before = await countRows(api);
  const res = await processSignupRequest(api, kind, body);
  expect(res.status).toBe(400);
  expect(res.body.error.code).toBe('BAD_USER_INPUT');
  expect(res.body.error.fields).toEqual(expected.map((error) => expect.objectContaining(error)));
  expect(await countRows(api)).toEqual(before);
  return res.body.error;
}

/** A lead sign-up that succeeds (its own address and e-mail). */
async function signUp(line1: string, email: string, extra: Record<string, unknown> = {}) {
  const token = await startSignup(api);
  const res = await processSignupRequest(api, 'plan', newHouseForm(token, today, { house: { line1 }, tenant: { email }, housemates: [`mate-of-${email}`], ...extra }));
  expect(res.status).toBe(200);
  return { token, result: res.body as { houseContractId: number; tenantContractId: number; userId: number } };
}

beforeAll(async () => {
  api = await startApiHarness();
  await createQueues(api.boss, [QUEUES['outbox.deliver'], QUEUES['signup.order-services']]);
  today = await readSystemCurrentDate(api.db.knex);
});
afterAll(() => api.stop());

describe('the specification’s sign-up messages', () => {
  it('"A paying tenant already exists at the address." for a house whose tenants pay for those dates', async () => {
    const token = await startSignup(api);
    const startDate = addDays(today, 20);
    await refused('plan', newHouseForm(token, today, { house: { line1: '14 Brudenell Grove', postcode: 'LS6 1HH', bedrooms: 3 }, quote: { startDate, endDate: addDays(addMonths(startDate, 12), -1) }, finishingTouches: { broadbandStartDate: null } }), [
      { field: 'house', rule: 'payingTenant', message: 'A paying tenant already exists at the address.' },
    ]);
  });

  it('"Address already signed up for the selected dates." for a house another sign-up holds', async () => {
    await signUp('8 Regent Park Terrace', 'first@refusals.test');
    const token = await startSignup(api);
    await refused('plan', newHouseForm(token, today, { house: { line1: '8 regent park terrace' }, tenant: { email: 'second@refusals.test' }, housemates: [] }), [
      { field: 'house', rule: 'addressFree', message: 'Address already signed up for the selected dates.' },
    ]);
  });

  it('"Currently not accepting new customers." when staff close sign-ups, and for a new house while online quoting is off', async () => {
    const token = await startSignup(api);
    const form = newHouseForm(token, today, { house: { line1: '1 Closed Road' }, tenant: { email: 'closed@refusals.test' }, housemates: [] });
    await api.db.knex('system_settings').where({ key: 'acceptingNewCustomers' }).update({ value: JSON.stringify(false) });
    await refused('plan', form, [{ field: 'signup', rule: 'acceptingNewCustomers', message: 'Currently not accepting new customers.' }]);
    await api.db.knex('system_settings').where({ key: 'acceptingNewCustomers' }).update({ value: JSON.stringify(true) });
    await api.db.knex('feature_flags').where({ name: 'quotingFO' }).update({ enabled: false });
    await refused('plan', form, [{ field: 'signup', rule: 'acceptingNewCustomers', message: 'Currently not accepting new customers.' }]);
    await api.db.knex('feature_flags').where({ name: 'quotingFO' }).update({ enabled: true });
  });

  it('"Invalid House Contract ID or Email": an e-mail not invited, a contract the e-mail was not invited to, the invitation query alike', async () => {
    const { result } = await signUp('12 Invite Street', 'inviter@refusals.test');
    const other = await signUp('14 Invite Street', 'inviter2@refusals.test');
    const invalid = { field: 'houseContractId', rule: 'invitation', message: 'Invalid House Contract ID or Email' };
    await refused('plan', joinForm(await startSignup(api), result.houseContractId, 'stranger@refusals.test'), [invalid]);
    // Invited to the first house only: the second house's ID is refused.
    await refused('plan', joinForm(await startSignup(api), other.result.houseContractId, 'mate-of-inviter@refusals.test'), [invalid]);
    await refused('plan', joinForm(await startSignup(api), 999_999, 'mate-of-inviter@refusals.test'), [invalid]);
    for (const variables of [{ id: result.houseContractId, email: 'stranger@refusals.test' }, { id: other.result.houseContractId, email: 'mate-of-inviter@refusals.test' }, { id: result.houseContractId, email: 'not an e-mail' }]) {
      expect((await anonymous(INVITATION, variables)).errors[0]).toMatchObject({ message: 'Invalid House Contract ID or Email', extensions: { code: 'BAD_USER_INPUT', fields: [invalid] } });
    }
    expect((await anonymous(INVITATION, { id: result.houseContractId, email: 'mate-of-inviter@refusals.test' })).data.signupInvitation.houseContractId).toBe(result.houseContractId);
  });

  it('"Selected options contradict records.": a plan sign-up on the My Energy Bill endpoint, a plan house joined as a bill, another payment frequency', async () => {
    const { result } = await signUp('20 Contradict Lane', 'contra@refusals.test');
    const token = await startSignup(api);
    const billForm = newHouseForm(token, today, { house: { line1: '21 Contradict Lane' }, tenant: { email: 'contra2@refusals.test' }, housemates: [], paymentMethod: 'PAY_ON_RECEIPT' });
    delete (billForm.quote as Record<string, unknown>).planType;
    await refused('bill', billForm, [{ field: 'signupToken', rule: 'flow', message: 'Selected options contradict records.' }]);
    const joinAsBill = joinForm(await startSignup(api, 'ENERGY_BILL'), result.houseContractId, 'mate-of-contra@refusals.test', { paymentMethod: 'PAY_ON_RECEIPT' });
    await refused('bill', joinAsBill, [{ field: 'houseContractId', rule: 'billingType', message: 'Selected options contradict records.' }]);
    const otherFrequency = joinForm(await startSignup(api), result.houseContractId, 'mate-of-contra@refusals.test', { finishingTouches: { paymentDay: 1, paymentFrequency: 'QUARTERLY' } });
    await refused('plan', otherFrequency, [{ field: 'finishingTouches.paymentFrequency', rule: 'houseContract', message: 'Selected options contradict records.' }]);
  });

  it('"Cannot move to the existing contract." for a house contract that has ended or is closed', async () => {
    const { result } = await signUp('30 Moving Row', 'mover@refusals.test');
    await api.db.knex('house_contracts').where({ id: result.houseContractId }).update({ status: 'CLOSED' });
    await refused('plan', joinForm(await startSignup(api), result.houseContractId, 'mate-of-mover@refusals.test'), [{ field: 'houseContractId', rule: 'open', message: 'Cannot move to the existing contract.' }]);
  });

  it('"Registered already for these contract dates." for a tenant who has a contract then; at most two plan contracts', async () => {
    const startDate = addDays(today, 20);
    const overlapping = newHouseForm(await startSignup(api), today, { house: { line1: '40 Again Road' }, quote: { startDate, endDate: addDays(addMonths(startDate, 12), -1) }, tenant: { email: 'Tenant@demo.test' }, housemates: [], password: 'Demo1234', passwordConfirmation: 'Demo1234', finishingTouches: { broadbandStartDate: null } });
    await refused('plan', overlapping, [{ field: 'tenant.email', rule: 'registeredForDates', message: 'Registered already for these contract dates.' }]);
    // Someone else's account is not theirs to use: the password decides.
    await refused('plan', { ...overlapping, password: 'Other2024', passwordConfirmation: 'Other2024' }, [{ field: 'tenant.email', rule: 'unique', message: 'This e-mail address is already used' }]);

    // tenant@demo.test has one current plan contract; a second one, then a third for later dates is refused.
    const demo: { id: number; user_id: number; house_contract_id: number; group_id: number } = await api.db.knex('tenant_contracts as tc').join('users as u', 'u.id', 'tc.user_id').where('u.email', 'tenant@demo.test').first('tc.id', 'tc.user_id', 'tc.house_contract_id', 'tc.group_id');
    const secondHouse = await api.db.knex('house_contracts').where({ billing_type: 'PLAN', status: 'ACTIVE' }).whereNot({ id: demo.house_contract_id }).where('end_date', '>=', today).orderBy('end_date').first('id', 'sign_up_date', 'end_date', 'group_id');
    await api.db.knex('tenant_contracts').insert({ user_id: demo.user_id, house_contract_id: secondHouse.id, group_id: secondHouse.group_id, status: 'ACTIVE', payment_method: 'CREDIT_CARD', start_date: secondHouse.sign_up_date, end_date: secondHouse.end_date });
    const laterStart = addDays([secondHouse.end_date, addMonths(today, 10)].sort().at(-1)!, 1);
    const third = { ...overlapping, signupToken: await startSignup(api), quote: { ...(overlapping.quote as object), startDate: laterStart, endDate: addDays(addMonths(laterStart, 9), 0) } };
    await refused('plan', third, [{ field: 'tenant.email', rule: 'planContracts', message: 'A tenant can have at most two active or future plan-billing house contracts' }]);
  });

  it('"Welcome e-mail cannot be sent" to a blacklisted address; a blacklisted housemate is named too', async () => {
    await api.db.knex('email_blacklist').insert([{ email: 'bounced@refusals.test' }, { email: 'gone@refusals.test' }]);
    const form = newHouseForm(await startSignup(api), today, { house: { line1: '50 Bounce Street' }, tenant: { email: 'bounced@refusals.test' }, housemates: ['gone@refusals.test'] });
    await refused('plan', form, [
      { field: 'tenant.email', rule: 'deliverable', message: 'Welcome e-mail cannot be sent: this address is on our e-mail blacklist' },
      { field: 'housemates[0]', rule: 'deliverable' },
    ]);
  });
});

describe('the form’s own rules', () => {
  it('names every bad field and its rule, and writes nothing', async () => {
    const form = newHouseForm(await startSignup(api), today, {
      house: { line1: '', postcode: 'LS6 XYZ' },
      quote: { numberOfTenants: 13, services: ['water'] },
      tenant: { firstName: 'R2D2', email: 'nope', mobile: '+44 07700 900123', dateOfBirth: addDays(addMonths(today, -18 * 12), 1), alternativeAddress: { line1: '27 Headingley Mount', city: 'Leeds', postcode: 'LS6 1AA' } },
      finishingTouches: { paymentDay: 30, referralCode: 'T12345' },
      housemates: ['lead@signup.test', 'not-an-email'],
      password: 'short',
      passwordConfirmation: 'other',
      paymentMethod: 'PAY_ON_RECEIPT',
    });
    const error = await refused('plan', { ...form, house: { ...(form.house as object), line1: '' } }, [
      { field: 'house.line1', rule: 'required' },
      { field: 'house.postcode', rule: 'ukPostcode', message: 'Enter a valid UK postcode' },
      { field: 'quote.numberOfTenants', rule: 'range', message: 'Number of tenants must be a whole number from 1 to 12' },
      { field: 'house.bedrooms', rule: 'atLeastTenants' },
      { field: 'quote.services', rule: 'utilities', message: 'Choose electricity or gas, plus at least one more utility' },
      { field: 'tenant.firstName', rule: 'name' },
      { field: 'tenant.email', rule: 'email', message: 'Invalid e-mail address' },
      { field: 'tenant.mobile', rule: 'mobile', message: 'Do not put a 0 after +44' },
      { field: 'tenant.dateOfBirth', rule: 'minimumAge', message: 'You must be at least 18 years old' },
      { field: 'finishingTouches.paymentDay', rule: 'paymentDay' },
      { field: 'finishingTouches.broadbandStartDate', rule: 'broadbandChosen' },
      { field: 'finishingTouches.referralCode', rule: 'referralCode', message: 'A tenant ID cannot be used as a promo code' },
      { field: 'housemates[1]', rule: 'email' },
      { field: 'password', rule: 'password' },
      { field: 'passwordConfirmation', rule: 'match', message: 'Passwords do not match' },
      { field: 'paymentMethod', rule: 'oneOf' },
    ]);
    expect(error.message).toContain('house.line1: Required');
  });

  it('refuses an alternative address that is the house, a mobile outside the mobile ranges, a duplicate housemate, a broadband date too soon', async () => {
    const soon = addDays(today, 10);
    await refused('plan', newHouseForm(await startSignup(api), today, {
      house: { line1: '60 Rule Road' },
      tenant: { email: 'rules@refusals.test', mobile: '07000 123456', alternativeAddress: { line1: '60 Rule Road', city: 'Leeds', postcode: 'ls61aa' } },
      housemates: ['RULES@refusals.test'],
      finishingTouches: { broadbandStartDate: soon },
    }), [
      { field: 'tenant.mobile', rule: 'mobile', message: 'Enter a valid UK mobile number' },
      { field: 'tenant.alternativeAddress', rule: 'differsFromHouse', message: 'Alternative address must be different from the house address' },
      { field: 'housemates[0]', rule: 'unique', message: 'This e-mail address is given twice for this house' },
    ]);
    // A new house needs 3 weeks for its broadband line (the database knows the house is new).
    await refused('plan', newHouseForm(await startSignup(api), today, { house: { line1: '61 Rule Road' }, tenant: { email: 'rules2@refusals.test' }, housemates: [], finishingTouches: { broadbandStartDate: addDays(today, 5) } }), [
      { field: 'finishingTouches.broadbandStartDate', rule: 'leadTime', message: 'A new broadband line takes 3 weeks: choose a start date at least 3 weeks from today' },
    ]);
  });

  it('answers an unknown sign-up token 404 and a malformed one by field', async () => {
    const unknown = await processSignupRequest(api, 'plan', newHouseForm('7b0c7d3e-1c51-4a43-9f55-2a3c1d1f0e9a', today, { house: { line1: '70 Nowhere' }, tenant: { email: 'nobody@refusals.test' }, housemates: [] }));
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.fields).toEqual([expect.objectContaining({ field: 'signupToken', rule: 'exists' })]);
    const malformed = await processSignupRequest(api, 'plan', { signupToken: 'guess' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.fields[0]).toMatchObject({ field: 'signupToken', rule: 'format' });
  });
});

describe('referral and promo codes', () => {
  it('says "Referral code applied!" for a tenant’s code or an active promo link, counts the referral once the sign-up is made', async () => {
    expect((await anonymous(REFERRAL, { code: 'amelia-ls6' })).data.checkSignupReferralCode).toEqual({ applied: true, message: 'Referral code applied!' });
    expect((await anonymous(REFERRAL, { code: 'HYDEPARK-WELCOME' })).data.checkSignupReferralCode).toEqual({ applied: true, message: 'Referral code applied!' });
    expect((await anonymous(REFERRAL, { code: 'FRESHERS-SPRING' })).data.checkSignupReferralCode).toEqual({ applied: false, message: 'This referral or promo code is not valid' });
    expect((await anonymous(REFERRAL, { code: 't12345' })).data.checkSignupReferralCode).toEqual({ applied: false, message: 'A tenant ID cannot be used as a promo code' });
    const before = (await api.db.knex('referral_codes').whereRaw('lower(code) = ?', ['amelia-ls6']).first('used_count')).used_count;
    await signUp('80 Referral Road', 'referred@refusals.test', { finishingTouches: { referralCode: 'AMELIA-LS6' } });
    expect((await api.db.knex('referral_codes').whereRaw('lower(code) = ?', ['amelia-ls6']).first('used_count')).used_count).toBe(before + 1);
    await refused('plan', newHouseForm(await startSignup(api), today, { house: { line1: '81 Referral Road' }, tenant: { email: 'referred2@refusals.test' }, housemates: [], finishingTouches: { referralCode: 'NO-SUCH-CODE' } }), [
      { field: 'finishingTouches.referralCode', rule: 'exists', message: 'This referral or promo code is not valid' },
    ]);
  });
});

describe('the payment step belongs to its own sign-up', () => {
  it('acts with a token only on the tenant contract its own sign-up created; unprocessed and unknown tokens get nothing', async () => {
    const first = await signUp('90 Scope Street', 'scope1@refusals.test');
    const second = await signUp('92 Scope Street', 'scope2@refusals.test');
    expect((await anonymous(CHECKOUT, { token: second.token })).errors).toBeUndefined();
    expect(await api.db.knex('card_setup_sessions').where({ tenant_contract_id: first.result.tenantContractId }).count({ n: '*' })).toEqual([{ n: 0 }]);
    expect(await api.db.knex('card_setup_sessions').where({ tenant_contract_id: second.result.tenantContractId }).count({ n: '*' })).toEqual([{ n: 1 }]);
    // A card sign-up cannot set up a Direct Debit, and nothing is written for the other contract.
    expect((await anonymous(DIRECT_DEBIT, { token: second.token })).errors[0].extensions.fields[0]).toMatchObject({ field: 'token', rule: 'paymentMethod', message: 'Selected options contradict records.' });
    expect(await api.db.knex('direct_debit_mandates').whereIn('tenant_contract_id', [first.result.tenantContractId, second.result.tenantContractId]).count({ n: '*' })).toEqual([{ n: 0 }]);

    const unprocessed = await startSignup(api);
    for (const query of [CHECKOUT, DIRECT_DEBIT, STATUS]) {
      expect((await anonymous(query, { token: unprocessed })).errors[0].extensions.fields[0]).toMatchObject({ field: 'token', rule: 'processed' });
      expect((await anonymous(query, { token: '7b0c7d3e-1c51-4a43-9f55-2a3c1d1f0e9a' })).errors[0].extensions.code).toBe('NOT_FOUND');
      expect((await anonymous(query, { token: String(first.result.tenantContractId) })).errors[0].extensions.code).toBe('NOT_FOUND');
    }
  });
});
