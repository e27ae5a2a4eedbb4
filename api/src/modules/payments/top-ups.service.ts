import { BankHoliday, type Knex } from '@app/db';
import type { AuthUser } from '../../auth/auth-user';
import { recordChange } from '../../audit/record-change';
import { DomainError } from '../../errors/domain-error';
import { topUpBlockedReason, type TopUpBlock } from '../../rules';
import { tenantContractForCaller } from './payment-scope';

/**
 * Prepayment top-ups asked for by a tenant (source FRONTOFFICE): only in the office window (rules/payments/
 * top-up-window.ts, bank holidays from the bank-holiday table), on a prepayment meter of the tenant's own
 * house. The request starts NEW; staff move it on (PENDING → COMPLETED | INSUFFICIENT) in the back office.
 */

const PREPAYMENT = ['PREPAYMENT', 'SMART_PREPAYMENT'];

export async function bankHolidayDates(db: Knex, around: Date): Promise<Set<string>> {
  const year = around.getUTCFullYear();
  const rows: Array<{ day: string }> = await BankHoliday.query(db).whereBetween('date', [`${year - 1}-01-01`, `${year + 1}-12-31`]).select(db.raw(`to_char(date, 'YYYY-MM-DD') AS day`)).castTo<Array<{ day: string }>>();
  return new Set(rows.map((row) => row.day));
}

export async function topUpAvailability(db: Knex, now = new Date()): Promise<{ allowed: boolean; reason: TopUpBlock | null }> {
  const reason = topUpBlockedReason(now, await bankHolidayDates(db, now));
  return { allowed: reason === null, reason };
}

export async function requestTopUp(db: Knex, user: AuthUser | null, input: { tenantId: unknown; meterId: unknown; amountPence: unknown }, now = new Date()): Promise<{ id: number; status: string }> {
  const contract = await tenantContractForCaller(db, user, null, input.tenantId);
  const amount = Number(input.amountPence);
  if (!Number.isInteger(amount) || amount <= 0) throw DomainError.invalid([{ field: 'amountPence', rule: 'positive', message: 'Must be greater than 0' }]);
  const { reason } = await topUpAvailability(db, now);
  if (reason) throw DomainError.invalid([{ field: 'meterId', rule: 'topUpWindow', message: `Top-ups are unavailable now: ${reason}.` }]);
  const meter: { id: number; meter_type: string } | undefined = await db('meters as m')
    .join('house_contracts as hc', 'hc.house_id', 'm.house_id')
    .where({ 'm.id': Number(input.meterId) || 0, 'hc.id': contract.houseContractId })
    .first('m.id', 'm.meter_type');
  if (!meter) throw new DomainError('NOT_FOUND', 'Meter not found.', { fields: [{ field: 'meterId', rule: 'exists', message: 'The meter is not in the house of this tenant contract.' }] });
  if (!PREPAYMENT.includes(meter.meter_type)) throw DomainError.invalid([{ field: 'meterId', rule: 'prepayment', message: 'Only prepayment meters can be topped up.' }]);
  return db.transaction(async (trx) => {
    const [row] = await trx('top_ups').insert({ group_id: contract.groupId, tenant_contract_id: contract.id, meter_id: meter.id, amount_pence: amount, source: 'FRONTOFFICE', status: 'NEW' }).returning(['id', 'status']);
    await recordChange(trx, { action: 'INSERT', entity: 'top_ups', entityId: row.id, actorUserId: user?.id ?? null, after: row });
    return row as { id: number; status: string };
  });
}
