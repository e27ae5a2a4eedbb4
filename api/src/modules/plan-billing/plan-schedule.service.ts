import type { Knex } from '@app/db';
import { recordChange } from '../../audit/record-change';
import { contractPriceFromAnnual, formatDisplayDate, planInstalments, type Instalment, type PaymentFrequency } from '../../rules';

/*
 * PLAN payment schedules. When a PLAN house contract is signed (its status becomes ACTIVE), and when a
 * tenant contract is added to an already ACTIVE PLAN house contract, each tenant contract gets its own
 * REGULAR_PAYMENT schedule and one INSTALMENT charge in its own ledger per instalment (entry date = the
 * due date). Split liability: every row written names only that tenant contract; a housemate's rows are
 * never read or written. BILL contracts get nothing.
 *
 * The contract price (per tenant): `weekly_price_pence` is the plan price per tenant per week, so the
 * annual price is weekly × 52 and a month costs weekly × 52 / 12 (domain notes: weeks per month 52/12). The
 * tenant contract price is weekly × 52/12 × its whole months, a part month pro rata by its days
 * (`contractPriceFromAnnual(weekly × 52, start, end)`), computed exactly and rounded half-up once to the
 * penny. A 12-month contract therefore costs exactly 52 weeks, a 9-month one 39 weeks. The instalments
 * (`planInstalments`) add up to this price exactly: the remainder pennies go on the first instalment.
 *
 * Idempotent: the tenant contract row is locked, and a tenant contract that already has a live
 * REGULAR_PAYMENT schedule or any INSTALMENT ledger entry gets nothing new (signing twice, saving again).
 */

export const PLAN_SCHEDULE_MESSAGES = {
  notPlan: 'The house contract is not a PLAN contract',
  notSigned: 'The house contract is not signed (ACTIVE) yet',
  noPrice: 'The house contract has no weekly price: nothing to collect',
  exists: 'The tenant contract already has its payment schedule',
} as const;

export type PlanScheduleOutcome =
  | { status: 'CREATED'; tenantContractId: number; scheduleId: number; contractPricePence: number; instalments: Instalment[] }
  | { status: 'EXISTS'; tenantContractId: number }
  | { status: 'SKIPPED'; tenantContractId: number; reason: string };

/** The tenant contract price in pence: weekly × 52/12 × months (part month by days), rounded once. */
export function planContractPrice(weeklyPricePence: number, startDate: string, endDate: string): number {
  return contractPriceFromAnnual(weeklyPricePence * 52, startDate, endDate);
}

/** How a schedule row names the frequency: MONTHLY as such; QUARTERLY / TRIANNUAL as a cron on the payment months. */
export function scheduleTiming(frequency: PaymentFrequency, paymentDay: number, instalments: readonly Instalment[]): { schedule_type: 'MONTHLY' | 'CRON'; cron: string | null } {
  if (frequency === 'MONTHLY') return { schedule_type: 'MONTHLY', cron: null };
  const months = [...new Set(instalments.map((instalment) => Number(instalment.dueDate.slice(5, 7))))].sort((a, b) => a - b);
  return { schedule_type: 'CRON', cron: `0 0 ${paymentDay === 31 ? 'L' : paymentDay} ${months.join(',')} *` };
}

interface TenantContractForPlan {
  id: number;
  group_id: number;
  start_date: string;
  end_date: string;
  payment_day: number;
  billing_type: string;
  house_status: string;
  payment_frequency: PaymentFrequency;
  weekly_price_pence: number | null;
}

/** Creates the tenant contract's PLAN schedule and instalment charges once, in the caller's transaction. */
export async function ensurePlanSchedule(trx: Knex, tenantContractId: number): Promise<PlanScheduleOutcome> {
  // Locks the tenant contract: two writes signing the same contract run one after the other.
  await trx('tenant_contracts').where({ id: tenantContractId }).forUpdate().first('id');
  const contract: TenantContractForPlan | undefined = await trx('tenant_contracts as tc')
    .join('house_contracts as hc', 'hc.id', 'tc.house_contract_id')
    .where('tc.id', tenantContractId)
    .first(
      'tc.id',
      'tc.group_id',
      'tc.start_date',
      'tc.end_date',
      'tc.payment_day',
      'hc.billing_type',
      'hc.status as house_status',
      'hc.payment_frequency',
      'hc.weekly_price_pence',
    );
  if (!contract) return { status: 'SKIPPED', tenantContractId, reason: `No tenant contract ${tenantContractId} with a house contract` };
  if (contract.billing_type !== 'PLAN') return { status: 'SKIPPED', tenantContractId, reason: PLAN_SCHEDULE_MESSAGES.notPlan };
  if (contract.house_status !== 'ACTIVE') return { status: 'SKIPPED', tenantContractId, reason: PLAN_SCHEDULE_MESSAGES.notSigned };
  if (!contract.weekly_price_pence) return { status: 'SKIPPED', tenantContractId, reason: PLAN_SCHEDULE_MESSAGES.noPrice };

  const schedule = await trx('payment_schedules').where({ tenant_contract_id: tenantContractId, kind: 'REGULAR_PAYMENT' }).whereNot({ status: 'CANCELLED' }).first('id');
  const charged = await trx('ledger_entries').where({ tenant_contract_id: tenantContractId, kind: 'INSTALMENT' }).first('id');
  if (schedule || charged) return { status: 'EXISTS', tenantContractId };

  const { start_date: startDate, end_date: endDate, payment_day: paymentDay, payment_frequency: frequency } = contract;
  const contractPricePence = planContractPrice(contract.weekly_price_pence, startDate, endDate);
  const instalments = planInstalments({ startDate, endDate, frequency, paymentDay, contractPricePence });
  const regular = instalments.at(-1)!.amountPence;
  const [row] = await trx('payment_schedules')
    .insert({
      group_id: contract.group_id,
      tenant_contract_id: tenantContractId,
      kind: 'REGULAR_PAYMENT',
      ...scheduleTiming(frequency, paymentDay, instalments),
      end_type: 'TIMES',
      times: instalments.length,
      start_date: startDate,
      end_date: instalments.at(-1)!.dueDate,
      // The regular instalment (the first one also carries the remainder pennies); a positive amount.
      amount_pence: regular > 0 ? regular : Math.max(instalments[0]!.amountPence, 1),
      payment_day: paymentDay,
      status: 'ACTIVE',
    })
    .returning('id');
  const scheduleId = Number(row.id);
  await trx('ledger_entries').insert(
    instalments.map((instalment, index) => ({
      group_id: contract.group_id,
      tenant_contract_id: tenantContractId,
      entry_date: instalment.dueDate,
      kind: 'INSTALMENT',
      amount_pence: instalment.amountPence,
      description: `Plan instalment ${index + 1} of ${instalments.length}, due ${formatDisplayDate(instalment.dueDate)}`,
    })),
  );
  await recordChange(trx, {
    action: 'INSERT',
    entity: 'payment_schedules',
    entityId: scheduleId,
    actorUserId: null,
    after: { id: scheduleId, tenantContractId, kind: 'REGULAR_PAYMENT', frequency, paymentDay, contractPricePence, instalments },
  });
  return { status: 'CREATED', tenantContractId, scheduleId, contractPricePence, instalments };
}

/** Every tenant contract of a PLAN house contract gets its schedule (those that have one are left alone). */
export async function ensurePlanSchedulesForHouseContract(trx: Knex, houseContractId: number): Promise<PlanScheduleOutcome[]> {
  const tenants: Array<{ id: number }> = await trx('tenant_contracts').where({ house_contract_id: houseContractId }).orderBy('id').select('id');
  const outcomes: PlanScheduleOutcome[] = [];
  for (const tenant of tenants) outcomes.push(await ensurePlanSchedule(trx, tenant.id));
  return outcomes;
}
