import { Agency, Group, House, HouseContract, SignupInvitation, User, type Knex, type SignupSession } from '@app/db';
import { verifyPassword } from '../../auth/password-hashing';
import { DomainError, type FieldError } from '../../errors/domain-error';
import { alternativeAddressDiffers, broadbandStartDate, dateWithinHouseContract, HOUSE_MESSAGES, planHouseContractsPerTenant, rangesOverlap, SIGNUP_MESSAGES, TENANT_ROLES, type FeatureFlag } from '../../rules';
import { DIRECT_DEBIT_MESSAGES } from '../payments/direct-debit/set-up-direct-debit.service';
import type { SignupForm } from './signup-form';
import { notAccepting } from './signup-pricing';

/*
 * What only the records can tell about a sign-up, checked inside its transaction (so two sign-ups cannot
 * both pass): sign-ups open, the session's flow, the address free for the dates, the invitation of a joining
 * housemate, the e-mail's account, the referral or promo code. Every refusal is a field error with the
 * specification's message; all are answered at once where one does not depend on another.
 */

export interface SignupTarget {
  groupId: number;
  agencyId: number | null;
  /** A house already known at this address (a new house contract on it), or null for a new house. */
  house: House | null;
  /** The house contract a housemate joins (with its house and services). */
  houseContract: HouseContract | null;
  invitation: SignupInvitation | null;
  /** An existing tenant signing a further contract (they proved it with their password). */
  returningUser: User | null;
  referral: { table: 'referral_codes' | 'promo_links'; id: number } | null;
  tenantStart: string;
  tenantEnd: string;
}

const fail = (field: string, rule: string, message: string): FieldError => ({ field, rule, message });

/** The `acceptingNewCustomers` system setting (staff switch it off to stop every sign-up). */
async function acceptingNewCustomers(trx: Knex): Promise<boolean> {
  const row: { value: unknown } | undefined = await trx('system_settings').where({ key: 'acceptingNewCustomers' }).first('value');
  return row?.value !== false;
}

/** The agency of the sign-up's referral link (and its group), else a promo link's agency, else the site's own group. */
async function signupGroup(trx: Knex, session: SignupSession, promoAgencyId: number | null): Promise<{ groupId: number; agencyId: number | null }> {
  const linked = session.referralSlug
    ? await Agency.query(trx).joinRelated('referralLink').where('referralLink.slug', session.referralSlug).where('referralLink.active', true).where('agencies.is_active', true).first()
    : undefined;
  if (linked) return { groupId: linked.groupId, agencyId: linked.id };
  if (promoAgencyId) {
    const agency: { id: number; group_id: number; is_active: boolean } | undefined = await trx('agencies').where({ id: promoAgencyId }).first('id', 'group_id', 'is_active');
    if (agency?.is_active) return { groupId: agency.group_id, agencyId: agency.id };
  }
  // As save-public-quote does: a visitor with no agency belongs to the site's own group, the first one.
  const site = await Group.query(trx).orderBy('id').first();
  return { groupId: site!.id, agencyId: null };
}

/** A referral code (a tenant's) or an active promo link, by code whatever its case. */
export async function findReferral(trx: Knex, code: string, today: string): Promise<{ table: 'referral_codes' | 'promo_links'; id: number; tenantId?: number; agencyId?: number | null } | null> {
  const referral: { id: number; tenant_id: number } | undefined = await trx('referral_codes').whereRaw('lower(code) = lower(?)', [code]).first('id', 'tenant_id');
  if (referral) return { table: 'referral_codes', id: referral.id, tenantId: referral.tenant_id };
  const promo: { id: number; agency_id: number | null } | undefined = await trx('promo_links')
    .whereRaw('lower(code) = lower(?)', [code])
    .where({ is_active: true })
    .where('valid_from', '<=', today)
    .where((range) => range.whereNull('valid_to').orWhere('valid_to', '>=', today))
    .first('id', 'agency_id');
  return promo ? { table: 'promo_links', id: promo.id, agencyId: promo.agency_id } : null;
}

/** The invitation of a joining housemate and the contract it is for; the house contract row is locked (signedCount stays right). */
async function joinTarget(trx: Knex, form: SignupForm, today: string, errors: FieldError[]) {
  const contract = await HouseContract.query(trx).findById(form.houseContractId!).forUpdate();
  const invitation = contract ? await SignupInvitation.query(trx).where('house_contract_id', contract.id).whereRaw('lower(email) = lower(?)', [form.tenant.email]).first() : undefined;
  // The same answer whether the contract does not exist, the e-mail was not invited or it has signed already.
  if (!contract || !invitation || invitation.tenantContractId) {
    errors.push(fail('houseContractId', 'invitation', SIGNUP_MESSAGES.invalidInvitation));
    return null;
  }
  await contract.$fetchGraph('[house, services]', { transaction: trx });
  if (contract.billingType !== form.billing) errors.push(fail('houseContractId', 'billingType', SIGNUP_MESSAGES.contradicts));
  if (form.paymentFrequency && form.paymentFrequency !== contract.paymentFrequency) errors.push(fail('finishingTouches.paymentFrequency', 'houseContract', SIGNUP_MESSAGES.contradicts));
  const signed = Number((await trx('tenant_contracts').where({ house_contract_id: contract.id }).whereNot({ status: 'CLOSED' }).count({ n: '*' }).first())!.n);
  if (contract.status === 'CLOSED' || contract.endDate < today || signed >= contract.numberOfTenants) errors.push(fail('houseContractId', 'open', SIGNUP_MESSAGES.cannotMove));
  const house = contract.house!;
  const alternative = form.tenant.alternativeAddress;
  const sameAddress = alternative && alternativeAddressDiffers({ alternative: { streetName: alternative.line1, address2: alternative.line2, postCode: alternative.postcode }, house });
  if (sameAddress) errors.push(fail('tenant.alternativeAddress', 'differsFromHouse', sameAddress));
  return { contract, invitation, tenantStart: contract.signUpDate > today ? contract.signUpDate : today, tenantEnd: contract.endDate };
}

/**
 * A new house: the address must not be under another live contract for any of the dates (a paying tenant there
 * says so specifically). Sign-ups of one address are taken one at a time (an advisory lock on the address).
 */
async function newHouseTarget(trx: Knex, form: SignupForm, groupId: number, errors: FieldError[]): Promise<{ house: House | null; existingLine: boolean }> {
  const { line1, line2, postcode } = form.house!;
  const compactPostcode = postcode.replace(/ /g, '');
  await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`signup-address:${line1.toLowerCase()}|${(line2 ?? '').toLowerCase()}|${compactPostcode}`]);
  const houses = await House.query(trx)
    .whereRaw('lower(btrim(street_name)) = lower(?)', [line1])
    .whereRaw(`coalesce(lower(btrim(address2)), '') = lower(?)`, [line2 ?? ''])
    .whereRaw(`replace(upper(post_code), ' ', '') = ?`, [compactPostcode])
    .withGraphFetched('houseContracts(live).[tenantContracts, services]')
    .modifiers({ live: (query) => query.whereNot('house_contracts.status', 'CLOSED') });
  const dates = { start: form.quote!.startDate, end: form.quote!.endDate };
  const clashing = houses.flatMap((house) => house.houseContracts ?? []).filter((contract) => rangesOverlap(dates, { start: contract.signUpDate, end: contract.endDate }));
  const paying = clashing.some((contract) => (contract.tenantContracts ?? []).some((tenant) => tenant.status === 'ACTIVE' && tenant.paymentMethod !== 'HOUSEMATE_PAYING'));
  if (paying) errors.push(fail('house', 'payingTenant', SIGNUP_MESSAGES.payingTenantExists));
  else if (clashing.length) errors.push(fail('house', 'addressFree', SIGNUP_MESSAGES.addressSignedUp));
  const house = houses.find((candidate) => candidate.groupId === groupId) ?? null;
  // Our broadband was there before: the line exists, so 2 days' notice is enough (rules/signup-fields.ts).
  const existingLine = (house?.houseContracts ?? []).some((contract) => (contract.services ?? []).some((service) => service.utilityType === 'broadband' && service.utilityStatus !== 'NOT_ORDERED'));
  return { house, existingLine };
}

/** The e-mail's account, if any: only its tenant, proving it with the account's password, may sign a further contract. */
async function returningTenant(trx: Knex, form: SignupForm, dates: { start: string; end: string }, today: string, errors: FieldError[]): Promise<User | null> {
  const user = await User.query(trx).whereRaw('lower(email) = lower(?)', [form.tenant.email]).first();
  if (!user) return null;
  const { password_hash: hash }: { password_hash: string | null } = await trx('users').where({ id: user.id }).first('password_hash');
  const portal = form.billing === 'BILL' ? 'ENERGY_BILL' : 'MY_ACCOUNT';
  const theirs = (TENANT_ROLES as readonly string[]).includes(user.role) && user.portal === portal && hash !== null && (await verifyPassword(hash, form.password));
  if (!theirs) {
    errors.push(fail('tenant.email', 'unique', SIGNUP_MESSAGES.emailUsed));
    return null;
  }
  const contracts = await user.$relatedQuery('tenantContracts', trx).whereNot('tenant_contracts.status', 'CLOSED').withGraphFetched('houseContract');
  if (contracts.some((contract) => rangesOverlap(dates, { start: contract.startDate, end: contract.endDate }))) errors.push(fail('tenant.email', 'registeredForDates', SIGNUP_MESSAGES.registeredAlready));
  else if (form.billing === 'PLAN') {
    const existing = contracts.filter((contract) => contract.houseContract).map((contract) => ({ id: contract.houseContract!.id, billingType: contract.houseContract!.billingType, startDate: contract.houseContract!.signUpDate, endDate: contract.houseContract!.endDate, status: contract.houseContract!.status }));
    const tooMany = planHouseContractsPerTenant({ contract: { billingType: 'PLAN', startDate: dates.start, endDate: dates.end }, existing, today });
    if (tooMany) errors.push(fail('tenant.email', 'planContracts', tooMany ?? HOUSE_MESSAGES.tooManyPlanContracts));
  }
  return user;
}

export async function checkSignupAgainstRecords(trx: Knex, form: SignupForm, session: SignupSession, context: { features: readonly FeatureFlag[]; today: string }): Promise<SignupTarget> {
  const { features, today } = context;
  if (!(await acceptingNewCustomers(trx))) throw notAccepting();
  const errors: FieldError[] = [];
  if ((session.flow === 'ENERGY_BILL' ? 'BILL' : 'PLAN') !== form.billing) errors.push(fail('signupToken', 'flow', SIGNUP_MESSAGES.contradicts));
  if (form.paymentMethod === 'DIRECT_DEBIT' && !features.includes('directDebitFO')) errors.push(fail('paymentMethod', 'directDebitOnline', DIRECT_DEBIT_MESSAGES.notOnline));

  const referral = form.referralCode ? await findReferral(trx, form.referralCode, today) : null;
  if (form.referralCode && !referral) errors.push(fail('finishingTouches.referralCode', 'exists', SIGNUP_MESSAGES.referralUnknown));

  let target: Omit<SignupTarget, 'returningUser' | 'referral'>;
  if (form.houseContractId !== null) {
    const joined = await joinTarget(trx, form, today, errors);
    if (!joined) throw DomainError.invalid(errors);
    target = { groupId: joined.contract.groupId, agencyId: joined.contract.agencyId, house: joined.contract.house!, houseContract: joined.contract, invitation: joined.invitation, tenantStart: joined.tenantStart, tenantEnd: joined.tenantEnd };
  } else {
    const { groupId, agencyId } = await signupGroup(trx, session, referral?.agencyId ?? null);
    const { house, existingLine } = await newHouseTarget(trx, form, groupId, errors);
    const broadband = broadbandStartDate({ date: form.broadbandStartDate, today, existingLine }) ?? dateWithinHouseContract({ date: form.broadbandStartDate, houseStart: form.quote!.startDate, houseEnd: form.quote!.endDate });
    if (broadband) errors.push(fail('finishingTouches.broadbandStartDate', 'leadTime', broadband));
    target = { groupId, agencyId, house, houseContract: null, invitation: null, tenantStart: form.quote!.startDate, tenantEnd: form.quote!.endDate };
  }
  const returningUser = await returningTenant(trx, form, { start: target.tenantStart, end: target.tenantEnd }, today, errors);
  if (referral?.tenantId !== undefined && returningUser?.id === referral.tenantId) errors.push(fail('finishingTouches.referralCode', 'notOwn', SIGNUP_MESSAGES.referralOwn));
  if (errors.length) throw DomainError.invalid(errors);
  return { ...target, returningUser, referral: referral ? { table: referral.table, id: referral.id } : null };
}
