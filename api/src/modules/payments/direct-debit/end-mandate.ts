import type { PgBoss } from 'pg-boss';
import { PaymentMethod, TenantContract, User, type DirectDebitMandate, type Knex } from '@app/db';
import { createNotification } from '../../notifications/create-notification.service';
import { queueEmail } from '../../outbox/queue-message.service';

/**
 * Ends a contract's mandate (replaced by a new one, or cancelled): one never lodged with the bank simply ends
 * (INACTIVE); a lodged or active one is cancelled with the bank (CANCELLING: a 0C goes in the group's next
 * AUDDIS file, lodge-mandates.ts). Answers the status it now has.
 */
export async function endMandate(trx: Knex, mandate: DirectDebitMandate): Promise<'INACTIVE' | 'CANCELLING'> {
  const status = mandate.status === 'PENDING' && mandate.lodgedOn === null ? 'INACTIVE' : 'CANCELLING';
  await mandate.$query(trx).patch({ status });
  return status;
}

/**
 * A contract whose Direct Debit has ended pays by its card if it has one, else on receipt of each statement:
 * its Direct Debit methods are put away. Answers the card's last digits, if it pays by card now.
 */
export async function payWithoutDirectDebit(trx: Knex, tenantContractId: number): Promise<string | null> {
  const contract = await TenantContract.query(trx).findById(tenantContractId).forUpdate();
  if (!contract) return null;
  await PaymentMethod.query(trx).where({ tenant_contract_id: tenantContractId, kind: 'DIRECT_DEBIT', is_active: true }).patch({ isActive: false });
  const card = await PaymentMethod.query(trx).where({ tenant_contract_id: tenantContractId, kind: 'CARD', is_active: true }).first();
  if (contract.paymentMethod === 'DIRECT_DEBIT' || contract.paymentMethod === 'DD_AND_CARD') await contract.$query(trx).patch({ paymentMethod: card ? 'CREDIT_CARD' : 'PAY_ON_RECEIPT' });
  return card?.cardLast4 ?? null;
}

/**
 * The paying bank ended a mandate (an ADDACS or ARUDD cancellation, an AUDDIS rejection): the contract moves to
 * its card, or to paying on receipt, and the tenant who pays by it (only them) is told by e-mail and in their
 * notifications what happens next. Never re-presented: the mandate is gone.
 */
export async function mandateEndedByBank(trx: Knex.Transaction, boss: PgBoss, mandate: { id: number; tenantContractId: number }, reason: string): Promise<void> {
  const cardLast4 = await payWithoutDirectDebit(trx, mandate.tenantContractId);
  const contract = await TenantContract.query(trx).findById(mandate.tenantContractId);
  const tenant = contract ? await User.query(trx).findById(contract.userId) : undefined;
  if (!tenant) return;
  const next = cardLast4
    ? `From now on we will take your payments from your card ending ${cardLast4}.`
    : 'Please sign in to your account to add a card or set up a new Direct Debit, so your payments are not missed.';
  const message = `Your bank has stopped your Direct Debit to us (${reason.replace(/\.$/, '')}). ${next}`;
  if (tenant.email) await queueEmail(trx, boss, { to: tenant.email, subject: 'Your Direct Debit has stopped', text: `Hello ${tenant.firstName || 'there'},\n\n${message}`, groupId: contract!.groupId });
  await createNotification(trx, {
    userId: tenant.id,
    title: 'Your Direct Debit has stopped',
    message,
    notificationType: 'WARNING',
    type: 'DIRECT_DEBIT_STOPPED',
    data: { mandateId: mandate.id },
    goToPage: { link: '/tenant-profile/payments/info', title: 'Add a card or a Direct Debit' },
  });
}
