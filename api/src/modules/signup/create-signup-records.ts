import type { PgBoss } from 'pg-boss';
import type { PartialModelObject } from 'objection';
import { House, HouseContract, TenantContract, TreePlanting, User, type Knex } from '@app/db';
import { recordChanges } from '../../audit/record-change';
import { groupBrand } from '../brand/group-brand';
import { shortenAddress, weeklyToMonthly } from '../../rules';
import { ensurePlanSchedule } from '../plan-billing';
import { weeklyQuoteRow } from '../quotes/quotes.service';
import { assertMailable, inviteHousemates, issueConfirmationLink, queueWelcomeEmail } from './signup-emails';
import type { SignupForm } from './signup-form';
import type { SignupPrice } from './signup-pricing';
import type { SignupTarget } from './signup-checks.service';
import { enqueueServiceOrders } from './order-services.service';

/*
 * Writes a checked sign-up, in the caller's transaction (all of it or nothing):
 * - a new house contract as one graph: the house (when new) → its house contract → its services. The contract
 *   is signed (ACTIVE) by its first tenant, so the house can start before everyone has signed; the house stays
 *   INCOMPLETE_SIGNUP until as many tenants as expected have signed, then becomes ACTIVE. Services are ordered
 *   by the tenant (NOT_ORDERED → ORDERED_BY_THE_TENANT at once) and placed with suppliers by a job. The price
 *   is the server's own quote, kept as the contract's weekly quote.
 * - the tenant contract and its tenant as one graph (a returning tenant's account is related, not created):
 *   PENDING until a payment method is on file (§4; paying on receipt needs none, so ACTIVE at once), with
 *   its own share only (split liability): a PLAN contract gets its own schedule and instalments (plan-billing's ensurePlanSchedule), a BILL one none.
 * - the invitation answered (a joining housemate) or the housemates invited (a lead), the referral code's use,
 *   one tree planted per customer, the welcome e-mail with its confirmation link; all audited.
 */

export interface SignupResult {
  houseContractId: number;
  tenantContractId: number;
  userId: number;
  planType: string | null;
  weeklyPerTenantPence: number;
  monthlyPerTenantPence: number;
  signedCount: number;
  expectedCount: number;
  paymentMethod: string;
  firstCollectionDate: string | null;
}

export interface SignupWriteContext {
  boss: PgBoss;
  baseUrl: string;
  today: string;
  passwordHash: string;
}

const houseAddress = (house: { streetName: string; cityName: string; postCode: string }) => shortenAddress(`${house.streetName}, ${house.cityName}, ${house.postCode}`);

/** A new house contract (and its house when new), with the services the tenant ordered. */
async function createHouseContract(trx: Knex.Transaction, form: SignupForm, target: SignupTarget, price: SignupPrice, today: string): Promise<HouseContract> {
  const { quote } = price;
  const { startDate, endDate, services } = form.quote!;
  const contract = {
    groupId: target.groupId,
    agencyId: target.agencyId,
    status: 'ACTIVE',
    billingStatus: startDate > today ? 'FUTURE' : 'IN_PROGRESS',
    planType: form.billing === 'PLAN' ? form.quote!.planType : null,
    billingType: form.billing,
    waterBillingType: services.includes('water') ? quote.waterBillingType : null,
    term: 'FIXED',
    signUpDate: startDate,
    endDate,
    numberOfTenants: quote.numberOfTenants,
    customersSharing: quote.customersSharing,
    supplyType: quote.supplyType,
    energyUseType: quote.energyUseType,
    marginType: quote.marginType,
    paymentFrequency: quote.paymentFrequency,
    // PLAN: each tenant's fixed weekly share; BILL is billed from meter readings (the estimate stays in the weekly quote).
    weeklyPricePence: form.billing === 'PLAN' ? price.option.weeklyPerTenantPence : null,
    services: services.map((utilityType) => ({
      groupId: target.groupId,
      utilityType,
      utilityStatus: 'ORDERED_BY_THE_TENANT',
      changeStatus: 'NEW_UTILITY_REQUESTED',
      broadbandSpeed: utilityType === 'broadband' ? form.quote!.broadbandSpeed : null,
      startDate: utilityType === 'broadband' && form.broadbandStartDate ? form.broadbandStartDate : startDate,
      endDate,
    })),
  } as PartialModelObject<HouseContract>;
  if (target.house) {
    await target.house.$query(trx).patch({ status: 'INCOMPLETE_SIGNUP', updatedAt: new Date() } as PartialModelObject<House>);
    return HouseContract.query(trx).insertGraph({ ...contract, houseId: target.house.id } as never);
  }
  const { line1, line2, city, postcode, bedrooms } = form.house!;
  const house = await House.query(trx).insertGraph({
    groupId: target.groupId,
    agencyId: target.agencyId,
    streetName: line1,
    address2: line2,
    cityName: city,
    postCode: postcode,
    region: quote.region,
    bedrooms,
    status: 'INCOMPLETE_SIGNUP',
    houseContracts: [contract],
  } as never);
  return house.houseContracts![0]!;
}

/** The tenant contract with its tenant: a new account (unconfirmed, password hashed) or the returning tenant's. */
async function createTenantContract(trx: Knex.Transaction, form: SignupForm, target: SignupTarget, houseContractId: number, passwordHash: string): Promise<TenantContract> {
  const alternative = form.tenant.alternativeAddress;
  const tenant = target.returningUser
    ? { id: target.returningUser.id }
    : {
        email: form.tenant.email,
        passwordHash,
        firstName: form.tenant.firstName,
        lastName: form.tenant.lastName,
        // A plan's tenant uses My Account; a My Energy Bill customer (BILL) its own portal, as the bill payer.
        role: form.billing === 'BILL' ? 'bill-payer' : 'front',
        portal: form.billing === 'BILL' ? 'ENERGY_BILL' : 'MY_ACCOUNT',
        status: 'ACTIVE',
        phone: form.tenant.mobile,
        customerType: form.tenant.customerType,
        dateOfBirth: form.tenant.dateOfBirth,
        correspondenceStreetName: alternative?.line1 ?? null,
        correspondenceCityName: alternative?.city ?? null,
        correspondencePostCode: alternative?.postcode ?? null,
        confirmedAt: null,
      };
  return TenantContract.query(trx).insertGraph(
    { groupId: target.groupId, houseContractId, status: form.paymentMethod === 'PAY_ON_RECEIPT' ? 'ACTIVE' : 'PENDING', paymentMethod: form.paymentMethod, startDate: target.tenantStart, endDate: target.tenantEnd, paymentDay: form.paymentDay, tenant } as never,
    { relate: true },
  );
}

export async function createSignupRecords(trx: Knex.Transaction, form: SignupForm, target: SignupTarget, price: SignupPrice | null, context: SignupWriteContext): Promise<SignupResult> {
  await assertMailable(trx, form.tenant.email, form.housemates);
  const houseContract = target.houseContract ?? (await createHouseContract(trx, form, target, price!, context.today));
  const house = target.houseContract ? target.house! : await House.query(trx).findById(houseContract.houseId);
  const tenantContract = await createTenantContract(trx, form, target, houseContract.id, context.passwordHash);
  const userId = tenantContract.userId;

  const schedule = form.billing === 'PLAN' ? await ensurePlanSchedule(trx, tenantContract.id) : null;
  if (!target.houseContract) await trx('weekly_quotes').insert({ ...weeklyQuoteRow(price!.quote, { groupId: target.groupId, houseContractId: houseContract.id, userId }), email: form.tenant.email });
  // The group's brand (its brand settings, else its name) signs the invitations and the welcome e-mail.
  const brand = (await groupBrand(trx, target.groupId)).name;
  const address = houseAddress(house!);
  if (target.invitation) await target.invitation.$query(trx).patch({ tenantContractId: tenantContract.id, updatedAt: new Date() } as never);
  else if (form.housemates.length) {
    await inviteHousemates(trx, context.boss, { groupId: target.groupId, houseContractId: houseContract.id, leadTenantContractId: tenantContract.id, leadName: form.tenant.firstName, brand, address, baseUrl: context.baseUrl, emails: form.housemates });
  }

  // Everyone expected has signed: the house is complete.
  const signedCount = Number((await TenantContract.query(trx).where({ house_contract_id: houseContract.id }).whereNot({ status: 'CLOSED' }).count({ n: '*' }).first() as unknown as { n: number }).n);
  if (signedCount >= houseContract.numberOfTenants && house!.status !== 'ACTIVE') await House.query(trx).patch({ status: 'ACTIVE', updatedAt: new Date() } as PartialModelObject<House>).where({ id: house!.id });
  if (target.referral?.table === 'referral_codes') await trx('referral_codes').where({ id: target.referral.id }).increment('used_count', 1);
  await TreePlanting.query(trx).insert({ userId, tenantContractId: tenantContract.id }).onConflict('user_id').ignore();

  const user = await User.query(trx).findById(userId);
  const confirmLink = user!.confirmedAt ? null : await issueConfirmationLink(trx, userId, context.baseUrl);
  await queueWelcomeEmail(trx, context.boss, { groupId: target.groupId, to: user!.email, firstName: user!.firstName, brand, address, startDate: tenantContract.startDate, confirmLink, signInUrl: `${context.baseUrl}${form.billing === 'BILL' ? '/my-energy-bill/login' : '/signin/tenant'}` });
  if (!target.houseContract) await enqueueServiceOrders(trx, context.boss, houseContract.id);

  await recordChanges(trx, [
    ...(target.houseContract ? [] : [{ action: 'INSERT' as const, entity: 'house_contracts', entityId: houseContract.id, actorUserId: userId, after: { houseId: houseContract.houseId, billingType: houseContract.billingType, planType: houseContract.planType, weeklyPricePence: houseContract.weeklyPricePence, source: 'signup' } }]),
    ...(target.returningUser ? [] : [{ action: 'INSERT' as const, entity: 'users', entityId: userId, actorUserId: userId, after: { email: user!.email, role: user!.role, portal: user!.portal, source: 'signup' } }]),
    { action: 'INSERT' as const, entity: 'tenant_contracts', entityId: tenantContract.id, actorUserId: userId, after: { houseContractId: houseContract.id, paymentMethod: form.paymentMethod, startDate: tenantContract.startDate, endDate: tenantContract.endDate, source: 'signup' } },
  ]);

  const weekly = form.billing === 'PLAN' ? houseContract.weeklyPricePence! : (price?.option.weeklyPerTenantPence ?? (await billEstimate(trx, houseContract.id)));
  return {
    houseContractId: houseContract.id,
    tenantContractId: tenantContract.id,
    userId,
    planType: houseContract.planType,
    weeklyPerTenantPence: weekly,
    monthlyPerTenantPence: weeklyToMonthly(weekly),
    signedCount,
    expectedCount: houseContract.numberOfTenants,
    paymentMethod: form.paymentMethod,
    firstCollectionDate: schedule?.status === 'CREATED' ? schedule.instalments[0]!.dueDate : null,
  };
}

/** A BILL house's estimate per tenant a week: its weekly quote (kept at sign-up), else nothing known. */
export async function billEstimate(trx: Knex, houseContractId: number): Promise<number> {
  const row: { weekly_per_tenant_pence: number } | undefined = await trx('weekly_quotes').where({ house_contract_id: houseContractId }).orderBy('id', 'desc').first('weekly_per_tenant_pence');
  return row?.weekly_per_tenant_pence ?? 0;
}
