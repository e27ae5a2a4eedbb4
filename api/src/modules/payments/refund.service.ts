import { Group, LedgerEntry, type Payment, Refund, type Knex } from '@app/db';
import { DomainError } from '../../errors/domain-error';
import { londonDate } from '../../rules';
import { cardProviderForGroup } from './card-provider';

/**
 * Paying a refund request out (the `AUTHORIZE_REFUND` permission): a refund of a card payment goes back
 * through the provider that took the money (idempotency key per refund, so a double click refunds once); any
 * other refund is paid by the office (bank transfer) and recorded. Either way the refund is COMPLETED and its
 * REFUND ledger entry (+amount: money back to the tenant raises what they owe) is posted once. A refund the
 * provider refuses is REJECTED with the provider's reason, and posts nothing.
 */

export const REFUND_MESSAGES = {
  notActive: 'Only an ACTIVE refund can be authorized.',
  rejected: 'The card provider refused the refund: ',
} as const;

export async function authorizeRefund(db: Knex, groupId: number | null, refundId: unknown): Promise<Refund> {
  const id = Number(refundId);
  const found = Number.isInteger(id) ? await Refund.query(db).findById(id).withGraphFetched('payment') : undefined;
  if (!found || groupId === null || found.groupId !== groupId) throw new DomainError('NOT_FOUND', 'Refund not found.');
  if (found.status !== 'ACTIVE') throw DomainError.invalid([{ field: 'status', rule: 'active', message: REFUND_MESSAGES.notActive }]);
  const payment = found.payment ?? null;
  const throughCard = payment !== null && payment.cardProvider !== null && payment.providerReference !== null && payment.method === 'CREDIT_CARD';
  let providerReference: string | null = null;
  if (throughCard) {
    const group = await Group.query(db).findById(payment.groupId);
    const outcome = await cardProviderForGroup(group!).refund({ idempotencyKey: `refund:${found.id}`, chargeReference: payment.providerReference!, amountPence: found.amountPence, metadata: { refundId: String(found.id), paymentId: String(payment.id) } });
    if (outcome.status === 'FAILED') {
      await db.transaction(async (trx) => {
        const locked = await Refund.query(trx).findById(found.id).forUpdate();
        if (locked?.status === 'ACTIVE') await locked.$query(trx).patch({ status: 'REJECTED', reason: `${found.reason ? `${found.reason} — ` : ''}${REFUND_MESSAGES.rejected}${outcome.message}`.slice(0, 2000), updatedAt: new Date() } as Partial<Refund>);
      });
      throw DomainError.invalid([{ field: 'amountPence', rule: 'providerRefused', message: `${REFUND_MESSAGES.rejected}${outcome.message}` }]);
    }
    providerReference = outcome.providerReference;
  }
  return db.transaction(async (trx) => {
    const locked = await Refund.query(trx).findById(found.id).forUpdate();
    if (!locked || locked.status !== 'ACTIVE') return locked!;
    const completed = await locked.$query(trx).patchAndFetch({ status: 'COMPLETED', providerReference, idempotencyKey: `refund:${found.id}`, updatedAt: new Date() } as Partial<Refund>);
    await LedgerEntry.query(trx)
      .insert({ groupId: locked.groupId, tenantContractId: locked.tenantContractId, entryDate: londonDate(new Date()), kind: 'REFUND', amountPence: locked.amountPence, description: refundDescription(locked, payment), refundId: locked.id })
      .onConflict()
      .ignore();
    return completed;
  });
}

function refundDescription(refund: Refund, payment: Payment | null): string {
  const what = refund.refundType === 'PAYMENT' && payment ? `Refund of payment PAY-${payment.id}` : `Refund (${refund.refundType.toLowerCase().replace(/_/g, ' ')})`;
  return (payment?.cardProvider ? `${what} to card` : what).slice(0, 255);
}

/** Specification §8: only an ACTIVE refund can be cancelled. */
export async function cancelRefund(db: Knex, groupId: number | null, refundId: unknown): Promise<Refund> {
  const id = Number(refundId);
  return db.transaction(async (trx) => {
    const refund = Number.isInteger(id) ? await Refund.query(trx).findById(id).forUpdate() : undefined;
    if (!refund || groupId === null || refund.groupId !== groupId) throw new DomainError('NOT_FOUND', 'Refund not found.');
    if (refund.status !== 'ACTIVE') throw DomainError.invalid([{ field: 'status', rule: 'cancelActiveOnly', message: 'Cannot cancel a non-active refund.' }]);
    return refund.$query(trx).patchAndFetch({ status: 'CANCELLED', updatedAt: new Date() } as Partial<Refund>);
  });
}
