import type { PgBoss } from 'pg-boss';
import type { Knex } from '@app/db';
import { readSystemCurrentDate } from '../../settings/read-current-date.service';
import { loadBacsCalendar } from '../bacs/bank-holidays';
import { DomainError } from '../../../errors/domain-error';
import { ARUDD_REASONS, reasonAction } from '../bacs/reason-codes';
import { applyAdvice } from '../collections/apply-bacs-reports.service';
import type { SettlementPort } from '../collections/ports';

/**
 * Operators and tests (never in production): settle or fail a submitted Direct Debit collection of the
 * caller's group now, as the bureau's reports would (a failure goes through the same ARUDD reason-code
 * handling, default 0 "refer to payer").
 */
export async function simulateTransaction(db: Knex, boss: PgBoss, settlement: SettlementPort, groupId: number, input: { collectionId: unknown; outcome: 'SETTLED' | 'FAILED'; reasonCode?: unknown }) {
  const id = Number(input.collectionId);
  if (!Number.isInteger(id) || id < 1) throw DomainError.invalid([{ field: 'collectionId', rule: 'type', message: 'must be a collection id' }]);
  const reasonCode = input.reasonCode === undefined ? '0' : String(input.reasonCode);
  if (input.outcome === 'FAILED' && !ARUDD_REASONS[reasonCode]) {
    throw DomainError.invalid([{ field: 'reasonCode', rule: 'oneOf', message: `must be an ARUDD return code: ${Object.keys(ARUDD_REASONS).join(', ')}` }]);
  }
  const calendar = await loadBacsCalendar(db);
  const today = await readSystemCurrentDate(db);
  return db.transaction(async (trx) => {
    const collection: { id: number; status: string; payment_id: number; mandate_id: number; amount_pence: number } | undefined = await trx('collections')
      .where({ id, group_id: groupId, channel: 'DIRECT_DEBIT' })
      .forUpdate()
      .first('id', 'status', 'payment_id', 'mandate_id', 'amount_pence');
    if (!collection) throw new DomainError('NOT_FOUND', `Direct Debit collection ${id} not found`);
    if (collection.status !== 'SUBMITTED') throw new DomainError('CONFLICT', `Collection ${id} is ${collection.status}, not SUBMITTED`);
    if (input.outcome === 'SETTLED') {
      await trx('collections').where({ id }).update({ status: 'SETTLED', updated_at: trx.fn.now() });
      await settlement.settle(trx, collection.payment_id);
    } else {
      const mandate: { reference: string } = await trx('direct_debit_mandates').where({ id: collection.mandate_id }).first('reference');
      await applyAdvice(trx, { settlement, calendar, boss, today }, {
        report: 'ARUDD',
        serviceUserNumber: '',
        reference: mandate.reference,
        reasonCode,
        action: reasonAction('ARUDD', reasonCode),
        amountPence: collection.amount_pence,
        collectionDate: null,
        effectiveDate: null,
        newSortCode: null,
        newAccountNumber: null,
        newAccountName: null,
      });
    }
    return trx('collections').where({ id }).first('id', 'status', 'failure_code', 'failure_reason');
  });
}
