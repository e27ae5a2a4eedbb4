import type { Knex } from '@app/db';
import { recordChange } from '../../audit/record-change';
import {
  addDays,
  addExact,
  finalStatement,
  formatDisplayDate,
  multiplyExact,
  periodDays,
  ratio,
  splitByTenantDays,
  toDecimalString,
  type AllowanceUsage,
  type FinalStatement,
  type PlanType,
  type Ratio,
  type Utility,
} from '../../rules';
import { NotBillable, STATEMENT_DUE_DAYS } from '../billing/billing-rules';
import { houseStatementLines } from '../billing/statement-lines';
import { readSystemCurrentDate } from '../settings/read-current-date.service';

/*
 * The PLAN final statement of one tenant contract, after it ends.
 *
 * Usage: the house's metered usage over the tenant contract (start to end, inclusive) read from the meter
 * readings exactly as a BILL statement reads them (the latest usable read in the 7 days up to each end,
 * estimated from the other reads or the usage estimate where one is missing; such a line is marked
 * estimated). The tenant's share is by tenant-days, as BILL splits a statement (`splitByTenantDays` over the
 * tenant contracts of the house contract that touch the period): share = this tenant's days ÷ all tenants'
 * days in the period.
 *
 * Allowance: the plan type's annual allowance is the house's usage estimate (supply type × utility ×
 * bedrooms) for the energy use the quote prices name (`quote_prices` PLAN_LITE → LOW, PLAN_GREENSAVER →
 * MEDIUM; staff may change them); UNLIMITED has none. The house allowance for the period is annual × days ÷
 * 365 and the tenant's allowance is the same share of it as their share of the usage, so housemates who
 * share the usage share the allowance. Excess kWh per utility are charged at the tariff's unit rate (the
 * single or day rate) plus 5% VAT, one rounding per line (`finalStatement`); unused allowance is not
 * refunded (the plan is a fixed price).
 *
 * What is written (once per tenant contract, the contract row locked and the unique index on issued tenant
 * statements behind it): a FINAL_STATEMENT bill (ISSUED, due in 14 days) with a line per utility showing
 * used, allowance and excess kWh; a FINAL_STATEMENT ledger charge for the excess when there is one; and,
 * when the tenant's ledger is then in credit (paid more than charged), an ACTIVE refund of that credit
 * (refund type FINAL_STATEMENT). Only this tenant contract's rows are read for the balance and written.
 */

export const FINAL_STATEMENT_MESSAGES = {
  notPlan: 'The tenant contract is not on a PLAN house contract',
  notEnded: 'The tenant contract has not ended yet',
  notSigned: 'The PLAN house contract was never signed',
  allowanceMissing: 'Usage estimate needs to be added',
} as const;

/** Final statements are e-mailed within 12 weeks of the contract end (specification §9). */
export const FINAL_STATEMENT_WEEKS = 12;
const DAYS_PER_YEAR = 365;
const PLAN_ALLOWANCE_USE_DEFAULTS: Record<string, string | null> = { LITE: 'LOW', GREENSAVER: 'MEDIUM', UNLIMITED: null };
const UTILITY_LABEL: Record<string, string> = { electric: 'Electricity', gas: 'Gas' };
const TENANT_STATEMENT_UNIQUE = 'bills_issued_tenant_statement_unique';

export type FinalStatementOutcome =
  | {
      status: 'ISSUED';
      tenantContractId: number;
      billId: number;
      excessPence: number;
      balancePence: number;
      creditPence: number;
      refundId: number | null;
      estimated: boolean;
      statement: FinalStatement;
    }
  | { status: 'ALREADY_ISSUED'; tenantContractId: number; billId: number | null }
  | { status: 'NOT_DUE' | 'NOT_BILLABLE'; tenantContractId: number; reason: string };

interface ContractRow {
  id: number;
  group_id: number;
  start_date: string;
  end_date: string;
  house_contract_id: number;
  billing_type: string;
  plan_type: PlanType | null;
  house_status: string;
  house_id: number;
  supply_type: string;
  energy_use_type: string;
  bedrooms: number;
}

interface UtilityUsage {
  utility: Utility;
  houseKwh: Ratio;
  unitRate: string;
  vatRateBp: number;
  estimated: boolean;
}

/** The house's metered kWh per utility over the period, with the unit rate (single or day) and whether any read was estimated. */
async function houseUsage(trx: Knex, contract: ContractRow, start: string, end: string): Promise<UtilityUsage[]> {
  const lines = await houseStatementLines(
    trx,
    { id: contract.house_contract_id, house_id: contract.house_id, supply_type: contract.supply_type, energy_use_type: contract.energy_use_type, bedrooms: contract.bedrooms },
    start,
    end,
    periodDays(start, end),
  );
  const byUtility = new Map<Utility, UtilityUsage>();
  for (const { line } of lines) {
    if (line.kind !== 'METERED') continue;
    const usage = byUtility.get(line.utility);
    if (!usage) {
      byUtility.set(line.utility, { utility: line.utility, houseKwh: addExact(line.kwh, 0), unitRate: line.unitRate, vatRateBp: line.vatRateBp, estimated: line.estimated });
      continue;
    }
    usage.houseKwh = addExact(usage.houseKwh, line.kwh);
    usage.estimated ||= line.estimated;
    if (line.register === 'DAY') usage.unitRate = line.unitRate;
  }
  return [...byUtility.values()];
}

/** The plan type's annual allowance for the house, kWh a year per utility (null: UNLIMITED). */
async function annualAllowance(trx: Knex, contract: ContractRow, utility: Utility): Promise<number | null> {
  const planType = contract.plan_type ?? 'UNLIMITED';
  if (planType === 'UNLIMITED') return null;
  const price: { energy_use_type: string | null } | undefined = await trx('quote_prices').where({ code: `PLAN_${planType}` }).first('energy_use_type');
  const energyUse = price?.energy_use_type ?? PLAN_ALLOWANCE_USE_DEFAULTS[planType] ?? null;
  const estimate: { kwh_per_year: number } | undefined = energyUse
    ? await trx('usage_estimates')
        .where({ supply_type: contract.supply_type, utility_type: utility, energy_use_type: energyUse, bedrooms: contract.bedrooms })
        .orderBy('estimate_type', 'desc')
        .first('kwh_per_year')
    : undefined;
  if (!estimate) {
    throw new NotBillable('READ_ISSUE', `${FINAL_STATEMENT_MESSAGES.allowanceMissing}: ${contract.supply_type} ${utility} ${energyUse ?? '?'}, ${contract.bedrooms} bedrooms`);
  }
  return estimate.kwh_per_year;
}

/** The tenant's days and all tenants' days in the period (tenant contracts of the same house contract). */
async function tenantShare(trx: Knex, contract: ContractRow): Promise<{ days: number; tenantDays: number }> {
  const tenants: Array<{ id: number; start_date: string; end_date: string }> = await trx('tenant_contracts')
    .where({ house_contract_id: contract.house_contract_id })
    .where('start_date', '<=', contract.end_date)
    .where('end_date', '>=', contract.start_date)
    .orderBy([{ column: 'start_date' }, { column: 'id' }])
    .select('id', 'start_date', 'end_date');
  const split = splitByTenantDays({
    periodStart: contract.start_date,
    periodEnd: contract.end_date,
    tenants: tenants.map((tenant) => ({ id: String(tenant.id), startDate: tenant.start_date, endDate: tenant.end_date })),
    totalPence: 0,
  });
  const own = split.shares.find((share) => share.id === String(contract.id));
  return { days: own?.days ?? 0, tenantDays: split.tenantDays };
}

/** What the tenant contract has been charged (positive entries) and has paid (negative entries), from its own ledger. */
async function ledgerTotals(trx: Knex, tenantContractId: number): Promise<{ chargedPence: number; paidPence: number }> {
  const [row] = (await trx('ledger_entries')
    .where({ tenant_contract_id: tenantContractId })
    .select(trx.raw('coalesce(sum(amount_pence) filter (where amount_pence > 0), 0)::bigint as charged'), trx.raw('coalesce(-sum(amount_pence) filter (where amount_pence < 0), 0)::bigint as paid'))) as Array<{
    charged: string | number;
    paid: string | number;
  }>;
  return { chargedPence: Number(row?.charged ?? 0), paidPence: Number(row?.paid ?? 0) };
}

/**
 * Issues the final statement of one PLAN tenant contract in the caller's transaction (see above). Safe to run
 * twice: a contract that has one returns ALREADY_ISSUED and writes nothing. A contract not ended yet (the
 * system's current date), not on a signed PLAN house contract, or whose usage or allowance cannot be worked
 * out writes nothing and says why.
 */
export async function generateFinalStatement(trx: Knex, tenantContractId: number, options: { today?: string } = {}): Promise<FinalStatementOutcome> {
  await trx('tenant_contracts').where({ id: tenantContractId }).forUpdate().first('id');
  const contract: ContractRow | undefined = await trx('tenant_contracts as tc')
    .join('house_contracts as hc', 'hc.id', 'tc.house_contract_id')
    .join('houses as h', 'h.id', 'hc.house_id')
    .where('tc.id', tenantContractId)
    .first(
      'tc.id',
      'tc.group_id',
      'tc.start_date',
      'tc.end_date',
      'tc.house_contract_id',
      'hc.billing_type',
      'hc.plan_type',
      'hc.status as house_status',
      'hc.house_id',
      'hc.supply_type',
      'hc.energy_use_type',
      'h.bedrooms',
    );
  if (!contract || contract.billing_type !== 'PLAN') return { status: 'NOT_DUE', tenantContractId, reason: FINAL_STATEMENT_MESSAGES.notPlan };
  if (contract.house_status === 'PENDING') return { status: 'NOT_DUE', tenantContractId, reason: FINAL_STATEMENT_MESSAGES.notSigned };
  const today = options.today ?? (await readSystemCurrentDate(trx));
  if (contract.end_date >= today) return { status: 'NOT_DUE', tenantContractId, reason: FINAL_STATEMENT_MESSAGES.notEnded };

  const existing: { id: number } | undefined = await trx('bills').where({ tenant_contract_id: tenantContractId, kind: 'FINAL_STATEMENT', state: 'ISSUED' }).first('id');
  if (existing) return { status: 'ALREADY_ISSUED', tenantContractId, billId: existing.id };

  let prepared: Prepared;
  try {
    prepared = await prepare(trx, contract);
  } catch (error) {
    if (error instanceof NotBillable) return { status: 'NOT_BILLABLE', tenantContractId, reason: error.message };
    throw error;
  }
  try {
    // A savepoint: a concurrent statement refused by the unique index leaves the caller's transaction usable.
    return await trx.transaction((savepoint) => write(savepoint, contract, prepared, today));
  } catch (error) {
    const { code, constraint } = error as { code?: string; constraint?: string };
    if (code === '23505' && constraint === TENANT_STATEMENT_UNIQUE) return { status: 'ALREADY_ISSUED', tenantContractId, billId: null };
    throw error;
  }
}

interface Prepared {
  statement: FinalStatement;
  /** The unit rate of each line, in the statement's order. */
  unitRates: string[];
}

async function prepare(trx: Knex, contract: ContractRow): Promise<Prepared> {
  const planType = contract.plan_type ?? 'UNLIMITED';
  const days = periodDays(contract.start_date, contract.end_date);
  const share = await tenantShare(trx, contract);
  let usages: UtilityUsage[];
  try {
    usages = await houseUsage(trx, contract, contract.start_date, contract.end_date);
  } catch (error) {
    // UNLIMITED never has an excess: a house whose usage cannot be read still gets its statement (no lines).
    if (planType === 'UNLIMITED' && error instanceof NotBillable) usages = [];
    else throw error;
  }
  const utilities: AllowanceUsage[] = [];
  for (const usage of usages) {
    const annual = await annualAllowance(trx, contract, usage.utility);
    utilities.push({
      utility: usage.utility,
      usedKwh: toDecimalString(multiplyExact(usage.houseKwh, ratio(share.days, share.tenantDays)), 4),
      allowanceKwh: annual === null ? null : toDecimalString(multiplyExact(annual, ratio(days * share.days, DAYS_PER_YEAR * share.tenantDays)), 4),
      unitRate: usage.unitRate,
      vatRateBp: usage.vatRateBp,
      estimated: usage.estimated,
    });
  }
  const totals = await ledgerTotals(trx, contract.id);
  return { statement: finalStatement({ planType, utilities, ...totals }), unitRates: utilities.map((usage) => String(usage.unitRate)) };
}

async function write(trx: Knex, contract: ContractRow, { statement, unitRates }: Prepared, today: string): Promise<FinalStatementOutcome> {
  const period = `${formatDisplayDate(contract.start_date)} to ${formatDisplayDate(contract.end_date)}`;
  const [bill] = await trx('bills')
    .insert({
      group_id: contract.group_id,
      kind: 'FINAL_STATEMENT',
      state: 'ISSUED',
      house_contract_id: contract.house_contract_id,
      tenant_contract_id: contract.id,
      period_start: contract.start_date,
      period_end: contract.end_date,
      issue_date: today,
      due_date: addDays(today, STATEMENT_DUE_DAYS),
      net_pence: statement.excessNetPence,
      vat_pence: statement.excessVatPence,
      total_pence: statement.excessPence,
    })
    .returning('id');
  const billId = Number(bill.id);
  if (statement.lines.length) {
    await trx('bill_lines').insert(
      statement.lines.map((line, index) => ({
        group_id: contract.group_id,
        bill_id: billId,
        utility_type: line.utility,
        description:
          `${UTILITY_LABEL[line.utility] ?? line.utility}: used ${line.usedKwh} kWh, allowance ${line.allowanceKwh ?? 'unlimited'} kWh, excess ${line.excessKwh} kWh` +
          (line.estimated ? ', estimated read' : ''),
        estimated: line.estimated,
        quantity: line.excessKwh,
        unit_rate: unitRates[index] ?? null,
        net_pence: line.netPence,
        vat_rate_bp: line.vatRateBp,
        vat_pence: line.vatPence,
        total_pence: line.totalPence,
      })),
    );
  }
  if (statement.excessPence > 0) {
    await trx('ledger_entries').insert({
      group_id: contract.group_id,
      tenant_contract_id: contract.id,
      entry_date: today,
      kind: 'FINAL_STATEMENT',
      amount_pence: statement.excessPence,
      description: `Final statement ${period}: usage above the plan allowance`,
      bill_id: billId,
    });
  }
  let refundId: number | null = null;
  if (statement.creditPence > 0) {
    const [refund] = await trx('refunds')
      .insert({
        group_id: contract.group_id,
        tenant_contract_id: contract.id,
        amount_pence: statement.creditPence,
        refund_type: 'FINAL_STATEMENT',
        status: 'ACTIVE',
        reason: `Final statement ${period}: the account is in credit`,
      })
      .returning('id');
    refundId = Number(refund.id);
  }
  await recordChange(trx, {
    action: 'INSERT',
    entity: 'bills',
    entityId: billId,
    actorUserId: null,
    after: { id: billId, kind: 'FINAL_STATEMENT', tenantContractId: contract.id, excessPence: statement.excessPence, balancePence: statement.balancePence, creditPence: statement.creditPence, refundId },
  });
  return {
    status: 'ISSUED',
    tenantContractId: contract.id,
    billId,
    excessPence: statement.excessPence,
    balancePence: statement.balancePence,
    creditPence: statement.creditPence,
    refundId,
    estimated: statement.lines.some((line) => line.estimated),
    statement,
  };
}
