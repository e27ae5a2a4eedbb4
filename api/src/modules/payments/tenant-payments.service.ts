import { DirectDebitMandate, TenantContract, type Knex, type Payment } from '@app/db';
import type { AuthUser } from '../../auth/auth-user';
import { recordChange } from '../../audit/record-change';
import { DomainError } from '../../errors/domain-error';
import { formatPounds, MONEY_CEILINGS } from '../../rules';
import { chargeCardOnFile } from './card-charge.service';
import { endMandate, payWithoutDirectDebit } from './direct-debit/end-mandate';
import { tenantContractForCaller } from './payment-scope';

export const TENANT_PAYMENT_MESSAGES = {
  amount: `Enter an amount from £0.01 to ${formatPounds(MONEY_CEILINGS.payment.max)}`,
  key: 'Reload the page and try again: this payment has no reference of its own',
  noDirectDebit: 'There is no Direct Debit to cancel on this contract.',
} as const;

/**
 * A tenant pays now by the card on file (the single-payment page): their own contract only, an amount in
 * pence within the payment ceiling, and a key the page makes once per payment, so a double click or a retry
 * after a lost answer charges once. The payment settles (its ledger credit) or fails with the card's reason.
 */
export async function payByCard(db: Knex, user: AuthUser | null, input: { tenantId: unknown; amountPence: unknown; idempotencyKey: unknown }): Promise<Payment> {
  const contract = await tenantContractForCaller(db, user, null, input.tenantId);
  const amount = input.amountPence;
  if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1 || amount > MONEY_CEILINGS.payment.max) {
    throw DomainError.invalid([{ field: 'amountPence', rule: 'range', message: TENANT_PAYMENT_MESSAGES.amount }]);
  }
  const key = typeof input.idempotencyKey === 'string' ? input.idempotencyKey.trim() : '';
  if (!/^[\w-]{8,100}$/.test(key)) throw DomainError.invalid([{ field: 'idempotencyKey', rule: 'format', message: TENANT_PAYMENT_MESSAGES.key }]);
  return chargeCardOnFile(db, { tenantContractId: contract.id, amountPence: amount, idempotencyKey: `tenant:${contract.id}:${key}`, description: 'Payment made online by the tenant' });
}

/**
 * Stops a contract's Direct Debit (the tenant for their own, or staff for their group's): a mandate not yet
 * lodged simply ends; a lodged or active one is cancelled with the bank (0C in the next AUDDIS file). The
 * contract then pays by its card if it has one, else on receipt of each statement. Audited.
 */
export async function cancelDirectDebit(db: Knex, caller: { user: AuthUser | null; groupId: number | null }, tenantId: unknown): Promise<number> {
  const contract = await tenantContractForCaller(db, caller.user, caller.groupId, tenantId);
  return db.transaction(async (trx) => {
    await TenantContract.query(trx).findById(contract.id).forUpdate();
    const mandates = await DirectDebitMandate.query(trx).where({ tenant_contract_id: contract.id }).whereIn('status', ['PENDING', 'ACTIVE']);
    if (mandates.length === 0) throw DomainError.invalid([{ field: 'tenantId', rule: 'directDebit', message: TENANT_PAYMENT_MESSAGES.noDirectDebit }]);
    for (const mandate of mandates) {
      const status = await endMandate(trx, mandate);
      await recordChange(trx, { action: 'UPDATE', entity: 'direct_debit_mandates', entityId: mandate.id, actorUserId: caller.user!.id, before: { status: mandate.status }, after: { status } });
    }
    await payWithoutDirectDebit(trx, contract.id);
    return mandates.length;
  });
}
