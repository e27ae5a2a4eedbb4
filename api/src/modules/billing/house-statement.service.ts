import { allocateIds, copyRows, type CopyValue, type Knex } from '@app/db';
import { recordChanges } from '../../audit/record-change';
import { addDays, formatDisplayDate, overlapRange, periodDays, splitByTenantDays, statementTotals } from '../../rules';
import { BILLING_RUN_MESSAGES, NotBillable, STATEMENT_DUE_DAYS, UNBILLED_TENANT_CONTRACT_STATUSES, type BillingStatus } from './billing-rules';
import { loadBillingInputs, priceStatementLines, type BillingInputs, type HouseForBilling, type PricedLine } from './statement-lines';

export interface HouseStatementRequest {
  houseContractId: number;
  /** The billing period, inclusive Europe/London dates 'YYYY-MM-DD'. */
  periodStart: string;
  periodEnd: string;
  issueDate: string;
  /** A re-issue: the voided house statement this one replaces, and each tenant's voided statement by tenant contract id. */
  replaces?: { houseBillId: number; tenantBillIds: Readonly<Record<number, number>> };
}

export type HouseStatementOutcome =
  | { status: 'BILLED'; houseBillId: number; tenantBillIds: number[]; totalPence: number; estimated: boolean }
  | { status: 'ALREADY_BILLED'; houseBillId: number | null }
  | { status: 'NOT_BILLABLE'; billingStatus: BillingStatus; reason: string };

const HOUSE_STATEMENT_UNIQUE = 'bills_issued_house_statement_unique';
const TENANT_STATEMENT_UNIQUE = 'bills_issued_tenant_statement_unique';

interface TenantRow {
  id: number;
  house_contract_id: number;
  start_date: string;
  end_date: string;
}

interface ContractRow {
  id: number;
  group_id: number;
  house_id: number;
  billing_type: string;
  sign_up_date: string;
  end_date: string;
  supply_type: string;
  energy_use_type: string;
  bedrooms: number;
}

type Prepared = ReturnType<typeof price>;

/** A house of the batch that will get a statement, with its lines and split ready. */
interface ToWrite {
  index: number;
  request: HouseStatementRequest;
  groupId: number;
  prepared: Prepared;
}

/** The columns each statement write sets, in the order its rows list them (rows travel by COPY). */
const BILL_COLUMNS = ['id', 'group_id', 'kind', 'house_contract_id', 'tenant_contract_id', 'parent_bill_id', 'replaces_bill_id', 'period_start', 'period_end', 'issue_date', 'due_date', 'net_pence', 'vat_pence', 'total_pence'];
const LINE_COLUMNS = ['group_id', 'bill_id', 'service_id', 'utility_type', 'description', 'register', 'opening_read', 'closing_read', 'estimated', 'quantity', 'unit_rate', 'days', 'standing_charge', 'net_pence', 'vat_rate_bp', 'vat_pence', 'total_pence'];
const LEDGER_COLUMNS = ['group_id', 'tenant_contract_id', 'entry_date', 'kind', 'amount_pence', 'description', 'bill_id'];

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
  try {
    return (await generateHouseStatements(trx, [request]))[0]!;
  } catch (error) {
    const { code, constraint } = error as { code?: string; constraint?: string };
    if (code === '23505' && constraint === HOUSE_STATEMENT_UNIQUE) return { status: 'ALREADY_BILLED', houseBillId: null };
    if (code === '23505' && constraint === TENANT_STATEMENT_UNIQUE) {
      await setBillingStatus(trx, [request.houseContractId], 'BALANCE_ISSUE');
      return { status: 'NOT_BILLABLE', billingStatus: 'BALANCE_ISSUE', reason: BILLING_RUN_MESSAGES.tenantAlreadyBilled };
    }
    throw error;
  }
}

/**
 * The statements of many house contracts at once (a bill-run job's batch), with the same outcome per house as
 * generateHouseStatement but a fixed number of queries per batch: the contracts are locked together (in id
 * order, so two batches never deadlock), everything pricing needs is read set-based, and each table gets one
 * multi-row INSERT. The writes run in a savepoint; a unique violation (a statement issued by someone else
 * meanwhile) is rethrown with the savepoint rolled back, for the caller to retry the houses one by one.
 */
export async function generateHouseStatements(trx: Knex.Transaction, requests: readonly HouseStatementRequest[]): Promise<HouseStatementOutcome[]> {
  for (const { periodStart, periodEnd } of requests) periodDays(periodStart, periodEnd);
  const ids = [...new Set(requests.map((request) => request.houseContractId))].sort((a, b) => a - b);
  const contracts: ContractRow[] = await trx('house_contracts as hc')
    .join('houses as h', 'h.id', 'hc.house_id')
    .whereIn('hc.id', ids)
    .orderBy('hc.id')
    .forUpdate('hc')
    .select('hc.id', 'hc.group_id', 'hc.house_id', 'hc.billing_type', 'hc.sign_up_date', 'hc.end_date', 'hc.supply_type', 'hc.energy_use_type', 'h.bedrooms');
  const byId = new Map(contracts.map((contract) => [contract.id, contract]));
  const missing = ids.find((id) => !byId.has(id));
  if (missing !== undefined) throw new RangeError(`No house contract ${missing}`);

  const existing: Array<{ id: number; house_contract_id: number; period_start: string; period_end: string }> = await trx('bills')
    .whereIn('house_contract_id', ids)
    .where({ kind: 'HOUSE_STATEMENT', state: 'ISSUED' })
    .whereNull('tenant_contract_id')
    .select('id', 'house_contract_id', 'period_start', 'period_end');
  const issued = new Map(existing.map((bill) => [statementKey(bill.house_contract_id, bill.period_start, bill.period_end), Number(bill.id)]));

  const outcomes: Array<HouseStatementOutcome | undefined> = new Array(requests.length);
  /** Requests for a contract and period already asked for earlier in the batch: answered once that one is written. */
  const duplicates: Array<{ index: number; key: string }> = [];
  const pending: Array<{ index: number; request: HouseStatementRequest; contract: ContractRow; billed: { start: string; end: string } | null }> = [];
  const asked = new Set<string>();
  requests.forEach((request, index) => {
    const key = statementKey(request.houseContractId, request.periodStart, request.periodEnd);
    const already = issued.get(key);
    if (already !== undefined) outcomes[index] = { status: 'ALREADY_BILLED', houseBillId: already };
    else if (asked.has(key)) duplicates.push({ index, key });
    else {
      asked.add(key);
      const contract = byId.get(request.houseContractId)!;
      pending.push({ index, request, contract, billed: overlapRange({ start: request.periodStart, end: request.periodEnd }, { start: contract.sign_up_date, end: contract.end_date }) });
    }
  });

  const billedRanges = pending.flatMap((item) => (item.billed ? [item.billed] : []));
  const widest = billedRanges.length ? { start: billedRanges.map((range) => range.start).sort()[0]!, end: billedRanges.map((range) => range.end).sort().at(-1)! } : null;
  const tenants: TenantRow[] = widest
    ? await trx('tenant_contracts')
        .whereIn('house_contract_id', ids)
        .whereNotIn('status', UNBILLED_TENANT_CONTRACT_STATUSES)
        .where('start_date', '<=', widest.end)
        .where('end_date', '>=', widest.start)
        .orderBy([{ column: 'start_date' }, { column: 'id' }])
        .select('id', 'house_contract_id', 'start_date', 'end_date')
    : [];
  const inputs = widest ? await loadBillingInputs(trx, contracts, widest.start, widest.end) : null;

  const toWrite: ToWrite[] = [];
  const notBillable = new Map<BillingStatus, number[]>();
  for (const { index, request, contract, billed } of pending) {
    try {
      const prepared = price(contract, billed, tenants.filter((tenant) => tenant.house_contract_id === contract.id), inputs);
      toWrite.push({ index, request, groupId: contract.group_id, prepared });
    } catch (error) {
      if (!(error instanceof NotBillable)) throw error;
      notBillable.set(error.billingStatus, [...(notBillable.get(error.billingStatus) ?? []), contract.id]);
      outcomes[index] = { status: 'NOT_BILLABLE', billingStatus: error.billingStatus, reason: error.message };
    }
  }
  for (const [billingStatus, contractIds] of notBillable) await setBillingStatus(trx, contractIds, billingStatus);

  if (toWrite.length) {
    // A savepoint: a unique violation leaves the caller's transaction usable.
    const written = await trx.transaction((savepoint) => write(savepoint, toWrite));
    toWrite.forEach((item, position) => (outcomes[item.index] = written[position]));
  }
  for (const { index, key } of duplicates) {
    const first = outcomes[requests.findIndex((request) => statementKey(request.houseContractId, request.periodStart, request.periodEnd) === key)];
    outcomes[index] = first?.status === 'BILLED' ? { status: 'ALREADY_BILLED', houseBillId: first.houseBillId } : first;
  }
  return outcomes as HouseStatementOutcome[];
}

const statementKey = (houseContractId: number, periodStart: string, periodEnd: string): string => `${houseContractId}:${periodStart}:${periodEnd}`;

async function setBillingStatus(trx: Knex, houseContractIds: readonly number[], billingStatus: BillingStatus): Promise<void> {
  await trx('house_contracts').whereIn('id', houseContractIds).update({ billing_status: billingStatus, updated_at: trx.fn.now() });
}

/** Everything one house's statement needs, before anything is written; throws NotBillable saying why there is none. */
function price(contract: ContractRow, billed: { start: string; end: string } | null, tenantRows: readonly TenantRow[], inputs: BillingInputs | null) {
  if (contract.billing_type !== 'BILL') throw new NotBillable('NOT_MADE_IN_BILL_RUN', BILLING_RUN_MESSAGES.notBillType);
  if (!billed || !inputs) throw new NotBillable('CONTRACT_DATES_CHANGED', BILLING_RUN_MESSAGES.notInPeriod);
  const days = periodDays(billed.start, billed.end);
  const tenants = tenantRows.filter((tenant) => tenant.start_date <= billed.end && tenant.end_date >= billed.start);
  if (tenants.length === 0) throw new NotBillable('CONTRACT_DATES_CHANGED', BILLING_RUN_MESSAGES.noTenants);

  const forBilling: HouseForBilling = contract;
  const lines = priceStatementLines(inputs, forBilling, billed.start, billed.end, days);
  const totals = statementTotals(lines.map((priced) => priced.line));
  const split = splitByTenantDays({
    periodStart: billed.start,
    periodEnd: billed.end,
    tenants: tenants.map((tenant) => ({ id: String(tenant.id), startDate: tenant.start_date, endDate: tenant.end_date })),
    lines: lines.map((priced) => priced.line),
  });
  return { lines, totals, split, tenantDays: split.tenantDays };
}

/** A bill line's row in LINE_COLUMNS order: a house line, or (with `share`) a tenant's share of it. */
function lineRow(groupId: number, billId: number, priced: PricedLine, amounts: { netPence: number; vatPence: number; totalPence: number }, share?: string): CopyValue[] {
  const { line } = priced;
  return [
    groupId,
    billId,
    priced.serviceId,
    line.utility ?? null,
    share ? `${priced.description} (${share})` : priced.description,
    line.kind === 'METERED' ? line.register : null,
    priced.openingRead,
    priced.closingRead,
    line.kind === 'METERED' && line.estimated,
    share ? null : priced.quantityKwh,
    line.kind === 'METERED' ? line.unitRate : null,
    line.kind === 'STANDING_CHARGE' ? line.days : null,
    line.kind === 'STANDING_CHARGE' ? line.standingCharge : null,
    amounts.netPence,
    line.vatRateBp,
    amounts.vatPence,
    amounts.totalPence,
  ];
}

/**
 * Writes the statements of the batch: bill ids taken from the sequence first (so tenant statements, lines
 * and ledger entries can point at them), then one COPY per table (bills, lines, ledger) and one INSERT of
 * the audit rows. A statement already issued makes the bills COPY fail on its unique index, writing nothing.
 */
async function write(trx: Knex.Transaction, items: readonly ToWrite[]): Promise<HouseStatementOutcome[]> {
  const tenantBills = items.flatMap((item) =>
    item.prepared.split.shares
      .filter((share) => share.days > 0)
      .map((share) => {
        const shareLines = share.lines!;
        const net = shareLines.reduce((sum, line) => sum + line.netPence, 0);
        const vat = shareLines.reduce((sum, line) => sum + line.vatPence, 0);
        return { item, tenantContractId: Number(share.id), shareLines, label: `${share.days} of ${item.prepared.split.tenantDays} tenant-days`, net, vat, billId: 0 };
      }),
  );
  const ids = await allocateIds(trx, 'bills', items.length + tenantBills.length);
  const houseBillIdOf = new Map(items.map((item, position) => [item, ids[position]!]));
  tenantBills.forEach((tenant, position) => (tenant.billId = ids[items.length + position]!));

  const billRow = ({ request, groupId }: ToWrite, id: number, kind: string, tenantContractId: number | null, parentBillId: number | null, replacesBillId: number | null, net: number, vat: number): CopyValue[] => [
    id,
    groupId,
    kind,
    request.houseContractId,
    tenantContractId,
    parentBillId,
    replacesBillId,
    request.periodStart,
    request.periodEnd,
    request.issueDate,
    addDays(request.issueDate, STATEMENT_DUE_DAYS),
    net,
    vat,
    net + vat,
  ];
  await copyRows(trx, 'bills', BILL_COLUMNS, [
    ...items.map((item) => billRow(item, houseBillIdOf.get(item)!, 'HOUSE_STATEMENT', null, null, item.request.replaces?.houseBillId ?? null, item.prepared.totals.netPence, item.prepared.totals.vatPence)),
    ...tenantBills.map((tenant) =>
      billRow(tenant.item, tenant.billId, 'TENANT_STATEMENT', tenant.tenantContractId, houseBillIdOf.get(tenant.item)!, tenant.item.request.replaces?.tenantBillIds[tenant.tenantContractId] ?? null, tenant.net, tenant.vat),
    ),
  ]);

  const lineRows = items.flatMap((item) => item.prepared.lines.map((priced) => lineRow(item.groupId, houseBillIdOf.get(item)!, priced, priced.line)));
  for (const tenant of tenantBills) tenant.item.prepared.lines.forEach((priced, index) => lineRows.push(lineRow(tenant.item.groupId, tenant.billId, priced, tenant.shareLines[index]!, tenant.label)));
  await copyRows(trx, 'bill_lines', LINE_COLUMNS, lineRows);
  await copyRows(
    trx,
    'ledger_entries',
    LEDGER_COLUMNS,
    tenantBills.map((tenant) => [
      tenant.item.groupId,
      tenant.tenantContractId,
      tenant.item.request.issueDate,
      'STATEMENT',
      tenant.net + tenant.vat,
      `Statement ${formatDisplayDate(tenant.item.request.periodStart)} to ${formatDisplayDate(tenant.item.request.periodEnd)}`,
      tenant.billId,
    ]),
  );
  await setBillingStatus(
    trx,
    items.map((item) => item.request.houseContractId),
    'BILL_SENT',
  );

  const outcomes = items.map((item): HouseStatementOutcome & { status: 'BILLED' } => {
    const houseBillId = houseBillIdOf.get(item)!;
    const tenantBillIds = tenantBills.filter((tenant) => tenant.item === item).map((tenant) => tenant.billId);
    const estimated = item.prepared.lines.some((priced) => priced.line.kind === 'METERED' && priced.line.estimated);
    return { status: 'BILLED', houseBillId, tenantBillIds, totalPence: item.prepared.totals.totalPence, estimated };
  });
  await recordChanges(
    trx,
    items.map((item, position) => {
      const { houseBillId, tenantBillIds, totalPence } = outcomes[position]!;
      const { houseContractId, periodStart, periodEnd } = item.request;
      return { action: 'INSERT', entity: 'bills', entityId: houseBillId, actorUserId: null, after: { id: houseBillId, kind: 'HOUSE_STATEMENT', houseContractId, periodStart, periodEnd, totalPence, tenantBillIds } };
    }),
  );
  return outcomes;
}
