import type { Knex } from '@app/db';
import { recordChange } from '../../audit/record-change';
import { DomainError, type FieldError } from '../../errors/domain-error';
import { ENERGY_BILLS_SUPPORT_SCHEME, GOVERNMENT_REBATE_METHODS, splitRebate, type GovernmentRebateMethod, type RebateInstalment } from '../../rules';
import { GovernmentRebate } from '../../rules/catalogue/money';
import { outstandingDebt } from '../billing/ledger-balance';
import { requireGroup } from '../records/record-scope';
import { readSystemCurrentDate } from '../settings/read-current-date.service';
import { postGovernmentRebate, rebateLabel } from './rebate-posting';

/*
 * Crediting a month's payment of the Energy Bills Support Scheme: staff pick a month of the scheme and a
 * method, for one house contract or for every eligible house contract of the group. Each house's payment is
 * split between the tenants who lived there that month by tenant-days (rules/billing/rebates.ts); each share
 * is a government_rebates row, posted to the tenant's ledger by its method (rebate-posting.ts). A house
 * whose tenants already have the month's rebate is left alone: crediting twice creates nothing new.
 */

export const SCHEME_NAME = 'Energy Bills Support Scheme';
const SCHEME: readonly RebateInstalment[] = ENERGY_BILLS_SUPPORT_SCHEME;
/** Contracts never signed get no rebate. */
const UNSIGNED = ['PENDING'];
const UNIQUE_INDEX = 'government_rebates_scheme_month_unique';

export const REBATE_MESSAGES = {
  month: `Choose a month the ${SCHEME_NAME} paid: ${SCHEME.map((row) => row.month).join(', ')}`,
  method: `Choose a method: ${GOVERNMENT_REBATE_METHODS.join(', ')}`,
  houseContract: 'There is no such house contract in this group',
  nothingNew: 'Already credited: nothing new was created',
  noEligible: 'No house contract had tenants that month: nothing was credited',
} as const;

export interface RebateCaller {
  db: Knex;
  userId: number | null;
  groupId: number | null;
}

export interface CreditRebateInput {
  /** 'YYYY-MM', a month of the scheme. */
  month: string;
  method: string;
  /** One house contract; every eligible one of the group when absent. */
  houseContractId?: number | null;
}

export interface HouseRebateOutcome {
  houseContractId: number;
  status: 'CREDITED' | 'ALREADY_CREDITED' | 'NO_TENANTS';
  rebates: number;
  totalPence: number;
  /** The part credited to the tenants' ledgers (the rest was paid to them directly). */
  creditedPence: number;
}

export interface CreditRebateResult {
  schemeName: string;
  month: string;
  method: GovernmentRebateMethod;
  rebatesCreated: number;
  totalPence: number;
  message: string;
  houses: HouseRebateOutcome[];
}

interface TenantRow {
  id: number;
  start_date: string;
  end_date: string;
}

function checkInput(input: CreditRebateInput): { instalment: RebateInstalment; method: GovernmentRebateMethod } {
  const errors: FieldError[] = [];
  const instalment = SCHEME.find((row) => row.month === input.month);
  if (!instalment) errors.push({ field: 'month', rule: 'schemeMonth', message: REBATE_MESSAGES.month });
  const method = GOVERNMENT_REBATE_METHODS.find((value) => value === input.method);
  if (!method) errors.push({ field: 'method', rule: 'oneOf', message: REBATE_MESSAGES.method });
  if (errors.length) throw DomainError.invalid(errors);
  return { instalment: instalment!, method: method! };
}

const plural = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? '' : 's'}`;

const monthEnd = (month: string): string => {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(year, number, 0)).getUTCDate()).padStart(2, '0')}`;
};

/** Credits the month's rebate (see the file comment); one transaction for the whole request. */
export async function creditGovernmentRebate(caller: RebateCaller, input: CreditRebateInput): Promise<CreditRebateResult> {
  const { instalment, method } = checkInput(input);
  const groupId = requireGroup(GovernmentRebate, caller.groupId);
  const start = `${instalment.month}-01`;
  const end = monthEnd(instalment.month);
  return caller.db.transaction(async (trx) => {
    const today = await readSystemCurrentDate(trx);
    const contracts = trx('house_contracts').where({ group_id: groupId }).orderBy('id');
    if (input.houseContractId !== null && input.houseContractId !== undefined) {
      const found = await contracts.clone().where({ id: input.houseContractId }).first('id');
      if (!found) throw new DomainError('NOT_FOUND', REBATE_MESSAGES.houseContract, { fields: [{ field: 'houseContractId', rule: 'reference', message: REBATE_MESSAGES.houseContract }] });
      contracts.where({ id: input.houseContractId });
    } else {
      contracts.whereNotIn('status', UNSIGNED).where('sign_up_date', '<=', end).where('end_date', '>=', start);
    }
    const ids: number[] = (await contracts.pluck('id')).map(Number);
    const houses: HouseRebateOutcome[] = [];
    for (const houseContractId of ids) {
      houses.push(await creditHouse(trx, { groupId, houseContractId, instalment, method, start, end, today, userId: caller.userId }));
    }
    const credited = houses.filter((house) => house.status === 'CREDITED');
    const rebatesCreated = credited.reduce((sum, house) => sum + house.rebates, 0);
    const totalPence = credited.reduce((sum, house) => sum + house.totalPence, 0);
    const already = houses.filter((house) => house.status === 'ALREADY_CREDITED').length;
    const message =
      rebatesCreated > 0
        ? `${rebateLabel(SCHEME_NAME, start)}: ${plural(rebatesCreated, 'rebate')} credited to ${plural(credited.length, 'house contract')}${already ? `; ${already} already credited` : ''}`
        : already > 0
          ? REBATE_MESSAGES.nothingNew
          : REBATE_MESSAGES.noEligible;
    return { schemeName: SCHEME_NAME, month: instalment.month, method, rebatesCreated, totalPence, message, houses };
  });
}

async function creditHouse(
  trx: Knex.Transaction,
  args: { groupId: number; houseContractId: number; instalment: RebateInstalment; method: GovernmentRebateMethod; start: string; end: string; today: string; userId: number | null },
): Promise<HouseRebateOutcome> {
  const { groupId, houseContractId, instalment, method, start, end, today, userId } = args;
  const outcome = (status: HouseRebateOutcome['status']): HouseRebateOutcome => ({ houseContractId, status, rebates: 0, totalPence: 0, creditedPence: 0 });
  // Locks the house contract: two requests crediting the same house run one after the other.
  await trx('house_contracts').where({ id: houseContractId }).forUpdate().first('id');
  const tenants: TenantRow[] = await trx('tenant_contracts')
    .where({ house_contract_id: houseContractId })
    .whereNotIn('status', UNSIGNED)
    .where('start_date', '<=', end)
    .where('end_date', '>=', start)
    .orderBy([{ column: 'start_date' }, { column: 'id' }])
    .select('id', 'start_date', 'end_date');
  if (tenants.length === 0) return outcome('NO_TENANTS');
  const tenantIds = tenants.map((tenant) => tenant.id);
  const existing = await trx('government_rebates').whereIn('tenant_contract_id', tenantIds).where({ scheme_name: SCHEME_NAME, payment_month: start }).first('id');
  if (existing) return outcome('ALREADY_CREDITED');

  const withDebt = await Promise.all(tenants.map(async (tenant) => ({ id: String(tenant.id), startDate: tenant.start_date, endDate: tenant.end_date, debtPence: await outstandingDebt(trx, tenant.id) })));
  const payments = splitRebate({ method, schedule: [instalment], tenants: withDebt });
  try {
    // A savepoint: a concurrent request that got there first (the unique index) leaves this one usable.
    return await trx.transaction(async (savepoint) => {
      const result: HouseRebateOutcome = { ...outcome('CREDITED') };
      for (const payment of payments) {
        const row = { group_id: groupId, tenant_contract_id: Number(payment.tenantId), method, amount_pence: payment.amountPence, payment_month: start, scheme_name: SCHEME_NAME };
        const [inserted] = await savepoint('government_rebates').insert(row).returning('id');
        const rebateId = Number(inserted.id);
        await recordChange(savepoint, { action: 'INSERT', entity: 'government_rebates', entityId: rebateId, actorUserId: userId, after: { id: rebateId, ...row } });
        const rebate = { id: rebateId, groupId, tenantContractId: row.tenant_contract_id, schemeName: SCHEME_NAME, paymentMonth: start, method, amountPence: payment.amountPence };
        await postGovernmentRebate(savepoint, rebate, payment.additionalTransactionPence, today, userId);
        result.rebates += 1;
        result.totalPence += payment.amountPence;
        result.creditedPence += payment.additionalTransactionPence;
      }
      return result;
    });
  } catch (error) {
    const { code, constraint } = error as { code?: string; constraint?: string };
    if (code === '23505' && constraint === UNIQUE_INDEX) return outcome('ALREADY_CREDITED');
    throw error;
  }
}
