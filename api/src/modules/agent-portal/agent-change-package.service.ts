import { HouseContract, type Knex } from '@app/db';
import { recordChange } from '../../audit/record-change';
import { DomainError } from '../../errors/domain-error';
import { formatPounds, labelFor, PLAN_TYPES } from '../../rules';
import { createNotifications } from '../notifications/create-notification.service';
import { pricePlans, type PublicQuoteOption } from '../quotes/public-quote.service';
import { weeklyQuoteRow } from '../quotes/quotes.service';
import { readEnabledFeatures } from '../settings/read-system-settings.service';
import { assertCanEdit, type AgentScope } from './agent-scope.service';
import { contractPeriod, PROPERTY_NOT_FOUND } from './agent-property.service';

export const PACKAGE_MESSAGES = {
  notFuture: 'Only a contract that has not started yet can change its package.',
  notPlan: 'This contract pays for what the house uses: it has no package to change.',
  charged: 'A tenant of this contract already has payments set up: call us to change its package.',
  samePlan: 'This is already the contract’s package.',
  planType: 'Choose one of the packages offered.',
} as const;

/**
 * Why a house contract's package may not be changed by its agent, or null when it may: the contract has not
 * started, pays by a plan (BILL has no package), and none of its tenants has a payment schedule, a charge or a
 * payment yet (their amounts were worked out from the old price).
 */
export async function packageChangeRefusal(db: Knex, contract: HouseContract, today: string): Promise<string | null> {
  if (contractPeriod(contract.signUpDate, contract.endDate, today) !== 'FUTURE') return PACKAGE_MESSAGES.notFuture;
  if (contract.billingType !== 'PLAN') return PACKAGE_MESSAGES.notPlan;
  const tenants = () => db('tenant_contracts').where({ house_contract_id: contract.id }).select('id');
  // One after another: inside a transaction they share one connection.
  for (const table of ['payment_schedules', 'ledger_entries', 'payments']) {
    if (await db(table).whereIn('tenant_contract_id', tenants()).first('id')) return PACKAGE_MESSAGES.charged;
  }
  return null;
}

/** A house contract of the agent's agency (or its branches), with its house and services; else not found. */
async function scopedContract(db: Knex, scope: AgentScope, houseContractId: unknown): Promise<HouseContract> {
  const id = Number(houseContractId);
  const contract = Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? await HouseContract.query(db).findById(id).withGraphFetched('[house, services, tenantContracts]') : undefined;
  if (!contract?.house || contract.house.agencyId === null || !scope.agencyIds.includes(contract.house.agencyId)) throw new DomainError('NOT_FOUND', PROPERTY_NOT_FOUND);
  return contract;
}

/** Each package the contract could have, priced for its house, tenants, services and dates (per tenant per week). */
async function pricedPackages(db: Knex, contract: HouseContract, today: string) {
  const features = await readEnabledFeatures(db);
  const broadband = (contract.services ?? []).find((s) => s.utilityType === 'broadband');
  // The agent's own contract is priced whether or not quoting is offered to the public at the moment.
  return pricePlans(
    db,
    {
      postcode: contract.house!.postCode,
      // Older contracts may have more tenants than the house record has bedrooms: price them as the tenants.
      bedrooms: Math.max(contract.house!.bedrooms ?? 0, contract.numberOfTenants ?? 0) || null,
      numberOfTenants: contract.numberOfTenants,
      services: (contract.services ?? []).map((s) => s.utilityType),
      broadbandSpeed: broadband?.broadbandSpeed ?? null,
      billingType: 'PLAN',
      startDate: contract.signUpDate,
      endDate: contract.endDate,
      paymentFrequency: contract.paymentFrequency,
    },
    [...features, 'quotingFO'],
    today,
  );
}

export interface PackageOptions {
  houseContractId: number;
  currentPlanType: string | null;
  /** Why it cannot change, or null. */
  refusal: string | null;
  options: Array<{ planType: string; name: string; weeklyPerTenantPence: number; monthlyPerTenantPence: number }>;
}

/** What the property's bill-packages tab offers for a future contract: the packages, priced, and whether it may change. */
export async function agentPackageOptions(db: Knex, scope: AgentScope, today: string, houseContractId: unknown): Promise<PackageOptions> {
  const contract = await scopedContract(db, scope, houseContractId);
  const refusal = (await packageChangeRefusal(db, contract, today)) ?? (scope.canEdit ? null : 'Your agency can view the portal but not change anything');
  const priced = refusal === PACKAGE_MESSAGES.notFuture || refusal === PACKAGE_MESSAGES.notPlan ? null : await pricedPackages(db, contract, today);
  return {
    houseContractId: contract.id,
    currentPlanType: contract.planType,
    refusal,
    options: (priced?.answer.options ?? []).map((o: PublicQuoteOption) => ({ planType: o.planType!, name: labelFor(o.planType, PLAN_TYPES), weeklyPerTenantPence: o.weeklyPerTenantPence, monthlyPerTenantPence: o.monthlyPerTenantPence })),
  };
}

/**
 * Changes a future contract's package: the new plan priced again for the house (the contract's weekly price per
 * tenant and its weekly quote follow), audited, and each tenant already signed up told the new price.
 */
export async function agentChangePackage(db: Knex, scope: AgentScope, today: string, input: { houseContractId: unknown; planType: unknown }) {
  assertCanEdit(scope);
  const contract = await scopedContract(db, scope, input.houseContractId);
  const refusal = await packageChangeRefusal(db, contract, today);
  if (refusal) throw DomainError.invalid([{ field: 'houseContractId', rule: 'packageChange', message: refusal }]);
  const planType = typeof input.planType === 'string' ? input.planType : '';
  if (planType === contract.planType) throw DomainError.invalid([{ field: 'planType', rule: 'changed', message: PACKAGE_MESSAGES.samePlan }]);
  const { answer, quotes } = await pricedPackages(db, contract, today);
  const index = answer.options.findIndex((o) => o.planType === planType);
  if (index < 0) throw DomainError.invalid([{ field: 'planType', rule: 'oneOf', message: PACKAGE_MESSAGES.planType }]);
  const option = answer.options[index]!;
  const quote = quotes[index]!;

  return db.transaction(async (trx) => {
    const locked = (await HouseContract.query(trx).findById(contract.id).forUpdate())!;
    // Checked again under the lock: a tenant's schedule made meanwhile would have been priced the old way.
    const late = await packageChangeRefusal(trx, locked, today);
    if (late) throw DomainError.invalid([{ field: 'houseContractId', rule: 'packageChange', message: late }]);
    const before = { planType: locked.planType, weeklyPricePence: locked.weeklyPricePence, energyUseType: locked.energyUseType };
    const after = { planType, weeklyPricePence: option.weeklyPerTenantPence, energyUseType: quote.energyUseType };
    await locked.$query(trx).patch(after);
    const row = weeklyQuoteRow(quote, { groupId: locked.groupId, houseContractId: locked.id, userId: scope.userId });
    const existing: { id: number } | undefined = await trx('weekly_quotes').where({ house_contract_id: locked.id, start_date: quote.startDate, end_date: quote.endDate }).first('id');
    if (existing) await trx('weekly_quotes').where({ id: existing.id }).update({ ...row, updated_at: trx.fn.now() });
    else await trx('weekly_quotes').insert(row);
    await recordChange(trx, { action: 'UPDATE', entity: 'house_contracts', entityId: locked.id, actorUserId: scope.userId, before, after });
    const name = labelFor(planType, PLAN_TYPES);
    await createNotifications(
      trx,
      (contract.tenantContracts ?? []).map((tenant) => ({
        userId: tenant.userId,
        title: 'Your bills package has changed',
        message: `Your house's package is now ${name}: ${formatPounds(option.weeklyPerTenantPence)} a week each (${formatPounds(option.monthlyPerTenantPence)} a month).`,
        notificationType: 'WARNING' as const,
        type: 'PACKAGE_CHANGED',
        data: { houseContractId: locked.id },
        goToPage: { link: '/tenant-profile/house', title: 'See your house' },
      })),
    );
    return { houseContractId: locked.id, planType, name, weeklyPerTenantPence: option.weeklyPerTenantPence, monthlyPerTenantPence: option.monthlyPerTenantPence };
  });
}
