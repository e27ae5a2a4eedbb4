import type { Knex } from '@app/db';
import { recordChange } from '../../audit/record-change';
import { addDays, formatDisplayDate, overlapRange, periodDays, splitByTenantDays, statementTotals } from '../../rules';
import { BILLING_RUN_MESSAGES, NotBillable, STATEMENT_DUE_DAYS, UNBILLED_TENANT_CONTRACT_STATUSES, type BillingStatus } from './billing-rules';
import { houseStatementLines, type HouseForBilling, type PricedLine } from './statement-lines';

export interface HouseStatementRequest {
  houseContractId: number;
  /** The billing period, inclusive Europe/London dates 'YYYY-MM-DD'. */
  periodStart: string;
  periodEnd: string;
  issueDate: string;
}

export type HouseStatementOutcome =
  | { status: 'BILLED'; houseBillId: number; tenantBillIds: number[]; totalPence: number; estimated: boolean }
  | { status: 'ALREADY_BILLED'; houseBillId: number | null }
  | { status: 'NOT_BILLABLE'; billingStatus: BillingStatus; reason: string };

const HOUSE_STATEMENT_UNIQUE = 'bills_issued_house_statement_unique';
const TENANT_STATEMENT_UNIQUE = 'bills_issued_tenant_statement_unique';

interface TenantRow {
  id: number;
  start_date: string;
  end_date: string;
}

/**
 * The BILL statement of one house contract for one period, in the caller's transaction: the house
 * statement (ISSUED, due in 14 days) with a line per meter register and a standing charge per utility, its
 * tenant statements split by the days each tenant contract was active, and a ledger STATEMENT charge per
 * tenant statement; the contract's billing status becomes BILL_SENT. Days billed are the period's days the
 * house contract covers. Safe to run twice: a house already billed for the period (found first, or the
 * unique index on issued statements refusing a concurrent one) returns ALREADY_BILLED and writes nothing.
 * A house that cannot be billed writes no bill, gets the billing status saying why, and returns NOT_BILLABLE.
 */
export async function generateHouseStatement(trx: Knex.Transaction, request: HouseStatementRequest): Promise<HouseStatementOutcome> {
  const { houseContractId, periodStart, periodEnd } = request;
  periodDays(periodStart, periodEnd);
  // Locks the contract: two jobs for the same house and period run one after the other.
  const contract: { id: number; group_id: number; house_id: number; billing_type: string; sign_up_date: string; end_date: string; supply_type: string; energy_use_type: string } | undefined =
    await trx('house_contracts').where({ id: houseContractId }).forUpdate().first('id', 'group_id', 'house_id', 'billing_type', 'sign_up_date', 'end_date', 'supply_type', 'energy_use_type');
  if (!contract) throw new RangeError(`No house contract ${houseContractId}`);

  const existing: { id: number } | undefined = await trx('bills')
    .where({ house_contract_id: houseContractId, kind: 'HOUSE_STATEMENT', period_start: periodStart, period_end: periodEnd, state: 'ISSUED' })
    .whereNull('tenant_contract_id')
    .first('id');
  if (existing) return { status: 'ALREADY_BILLED', houseBillId: existing.id };

  let prepared: Awaited<ReturnType<typeof prepare>>;
  try {
    prepared = await prepare(trx, contract, periodStart, periodEnd);
  } catch (error) {
    if (!(error instanceof NotBillable)) throw error;
    await setBillingStatus(trx, houseContractId, error.billingStatus);
    return { status: 'NOT_BILLABLE', billingStatus: error.billingStatus, reason: error.message };
  }

  try {
    // A savepoint: a unique violation leaves the caller's transaction usable.
    return await trx.transaction((savepoint) => write(savepoint, contract.group_id, request, prepared));
  } catch (error) {
    const { code, constraint } = error as { code?: string; constraint?: string };
    if (code === '23505' && constraint === HOUSE_STATEMENT_UNIQUE) return { status: 'ALREADY_BILLED', houseBillId: null };
    if (code === '23505' && constraint === TENANT_STATEMENT_UNIQUE) {
      await setBillingStatus(trx, houseContractId, 'BALANCE_ISSUE');
      return { status: 'NOT_BILLABLE', billingStatus: 'BALANCE_ISSUE', reason: BILLING_RUN_MESSAGES.tenantAlreadyBilled };
    }
    throw error;
  }
}

async function setBillingStatus(trx: Knex, houseContractId: number, billingStatus: BillingStatus): Promise<void> {
  await trx('house_contracts').where({ id: houseContractId }).update({ billing_status: billingStatus, updated_at: trx.fn.now() });
}

/** Everything the statement needs, before anything is written. */
async function prepare(trx: Knex, contract: { id: number; house_id: number; billing_type: string; sign_up_date: string; end_date: string; supply_type: string; energy_use_type: string }, periodStart: string, periodEnd: string) {
  if (contract.billing_type !== 'BILL') throw new NotBillable('NOT_MADE_IN_BILL_RUN', BILLING_RUN_MESSAGES.notBillType);
  const billed = overlapRange({ start: periodStart, end: periodEnd }, { start: contract.sign_up_date, end: contract.end_date });
  if (!billed) throw new NotBillable('CONTRACT_DATES_CHANGED', BILLING_RUN_MESSAGES.notInPeriod);
  const days = periodDays(billed.start, billed.end);

  const tenants: TenantRow[] = await trx('tenant_contracts')
    .where({ house_contract_id: contract.id })
    .whereNotIn('status', UNBILLED_TENANT_CONTRACT_STATUSES)
    .where('start_date', '<=', billed.end)
    .where('end_date', '>=', billed.start)
    .orderBy([{ column: 'start_date' }, { column: 'id' }])
    .select('id', 'start_date', 'end_date');
  if (tenants.length === 0) throw new NotBillable('CONTRACT_DATES_CHANGED', BILLING_RUN_MESSAGES.noTenants);

  const house: { bedrooms: number } = await trx('houses').where({ id: contract.house_id }).first('bedrooms');
  const forBilling: HouseForBilling = { ...contract, bedrooms: house.bedrooms };
  const lines = await houseStatementLines(trx, forBilling, billed.start, billed.end, days);
  const totals = statementTotals(lines.map((priced) => priced.line));
  const split = splitByTenantDays({
    periodStart: billed.start,
    periodEnd: billed.end,
    tenants: tenants.map((tenant) => ({ id: String(tenant.id), startDate: tenant.start_date, endDate: tenant.end_date })),
    lines: lines.map((priced) => priced.line),
  });
  return { lines, totals, split, tenantDays: split.tenantDays };
}

function lineRow(groupId: number, billId: number, priced: PricedLine, amounts: { netPence: number; vatPence: number; totalPence: number }, share?: string) {
  const { line } = priced;
  return {
    group_id: groupId,
    bill_id: billId,
    service_id: priced.serviceId,
    utility_type: line.utility ?? null,
    description: share ? `${priced.description} (${share})` : priced.description,
    register: line.kind === 'METERED' ? line.register : null,
    opening_read: priced.openingRead,
    closing_read: priced.closingRead,
    estimated: line.kind === 'METERED' && line.estimated,
    quantity: share ? null : priced.quantityKwh,
    unit_rate: line.kind === 'METERED' ? line.unitRate : null,
    days: line.kind === 'STANDING_CHARGE' ? line.days : null,
    standing_charge: line.kind === 'STANDING_CHARGE' ? line.standingCharge : null,
    net_pence: amounts.netPence,
    vat_rate_bp: line.vatRateBp,
    vat_pence: amounts.vatPence,
    total_pence: amounts.totalPence,
  };
}

async function write(trx: Knex.Transaction, groupId: number, request: HouseStatementRequest, prepared: Awaited<ReturnType<typeof prepare>>): Promise<HouseStatementOutcome> {
  const { houseContractId, periodStart, periodEnd, issueDate } = request;
  const { lines, totals, split } = prepared;
  const dueDate = addDays(issueDate, STATEMENT_DUE_DAYS);
  const bill = { group_id: groupId, house_contract_id: houseContractId, period_start: periodStart, period_end: periodEnd, issue_date: issueDate, due_date: dueDate, state: 'ISSUED' };
  const [house] = await trx('bills')
    .insert({ ...bill, kind: 'HOUSE_STATEMENT', net_pence: totals.netPence, vat_pence: totals.vatPence, total_pence: totals.totalPence })
    .returning('id');
  const houseBillId = Number(house.id);
  await trx('bill_lines').insert(lines.map((priced) => lineRow(groupId, houseBillId, priced, priced.line)));

  const tenantBillIds: number[] = [];
  const period = `${formatDisplayDate(periodStart)} to ${formatDisplayDate(periodEnd)}`;
  for (const share of split.shares) {
    if (share.days === 0) continue;
    const shareLines = share.lines!;
    const net = shareLines.reduce((sum, line) => sum + line.netPence, 0);
    const vat = shareLines.reduce((sum, line) => sum + line.vatPence, 0);
    const tenantContractId = Number(share.id);
    const [tenantBill] = await trx('bills')
      .insert({ ...bill, kind: 'TENANT_STATEMENT', tenant_contract_id: tenantContractId, parent_bill_id: houseBillId, net_pence: net, vat_pence: vat, total_pence: net + vat })
      .returning('id');
    const tenantBillId = Number(tenantBill.id);
    tenantBillIds.push(tenantBillId);
    const label = `${share.days} of ${split.tenantDays} tenant-days`;
    await trx('bill_lines').insert(lines.map((priced, index) => lineRow(groupId, tenantBillId, priced, shareLines[index]!, label)));
    await trx('ledger_entries').insert({
      group_id: groupId,
      tenant_contract_id: tenantContractId,
      entry_date: issueDate,
      kind: 'STATEMENT',
      amount_pence: net + vat,
      description: `Statement ${period}`,
      bill_id: tenantBillId,
    });
  }
  await setBillingStatus(trx, houseContractId, 'BILL_SENT');
  await recordChange(trx, {
    action: 'INSERT',
    entity: 'bills',
    entityId: houseBillId,
    actorUserId: null,
    after: { id: houseBillId, kind: 'HOUSE_STATEMENT', houseContractId, periodStart, periodEnd, totalPence: totals.totalPence, tenantBillIds },
  });
  const estimated = lines.some((priced) => priced.line.kind === 'METERED' && priced.line.estimated);
  return { status: 'BILLED', houseBillId, tenantBillIds, totalPence: totals.totalPence, estimated };
}
