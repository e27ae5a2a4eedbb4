import type { Knex } from '@app/db';
import { recordChange } from '../../audit/record-change';
import { splitRebate, type GovernmentRebateMethod } from '../../rules';

/*
 * What a government rebate does to the tenant's account. The rebate row records the tenant's whole share
 * and how it was passed on; only the part credited to the account touches the ledger:
 * - ADDITIONAL_TRANSACTION: the whole share is credited.
 * - DIRECT_PAYMENT: nothing is posted. The money goes to the tenant directly (a bank transfer, not through
 *   their account), so it neither pays what they owe nor adds to it; a credit here would understate their
 *   debt, and a credit with an equal payout charge would net to nil anyway. The rebate row (audited) is the
 *   record of the payment.
 * - COMBINED: the share clears what the tenant owes first (credited), the rest is paid directly (rebates.ts).
 * The credited part is an additional CREDIT transaction (so the accounting export carries it, as it carries
 * every additional transaction) and one GOVERNMENT_REBATE ledger credit naming both the rebate and that
 * transaction: one credit, said to be the rebate, never two.
 */

export interface RebateToPost {
  id: number;
  groupId: number;
  tenantContractId: number;
  schemeName: string;
  /** First day of the month paid, 'YYYY-MM-01'. */
  paymentMonth: string;
  method: GovernmentRebateMethod;
  amountPence: number;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
export const rebateLabel = (schemeName: string, paymentMonth: string): string =>
  `${schemeName}, ${MONTHS[Number(paymentMonth.slice(5, 7)) - 1]} ${paymentMonth.slice(0, 4)}`;

/** The part of one rebate credited to the tenant's ledger, by the rebate maths of rules/billing/rebates.ts. */
export function ledgerPartOf(method: GovernmentRebateMethod, amountPence: number, debtPence: number, paymentMonth: string): number {
  const month = paymentMonth.slice(0, 7);
  const [payment] = splitRebate({ method, schedule: [{ month, amountPence }], tenants: [{ id: 'tenant', startDate: `${month}-01`, endDate: `${month}-01`, debtPence }] });
  return payment?.additionalTransactionPence ?? 0;
}

/**
 * Posts a saved rebate's credited part (`ledgerPence`, 0 for none), in the caller's transaction, dated
 * `entryDate`. Answers the additional transaction created, if any.
 */
export async function postGovernmentRebate(trx: Knex, rebate: RebateToPost, ledgerPence: number, entryDate: string, actorUserId: number | null): Promise<number | null> {
  if (ledgerPence <= 0) return null;
  const description = `${rebateLabel(rebate.schemeName, rebate.paymentMonth)} (government rebate ${rebate.id})`.slice(0, 255);
  const transaction = {
    group_id: rebate.groupId,
    tenant_contract_id: rebate.tenantContractId,
    reference_type: 'CREDIT',
    amount_pence: ledgerPence,
    description,
    transaction_date: entryDate,
  };
  const [inserted] = await trx('additional_transactions').insert(transaction).returning('id');
  const transactionId = Number(inserted.id);
  await trx('ledger_entries').insert({
    group_id: rebate.groupId,
    tenant_contract_id: rebate.tenantContractId,
    entry_date: entryDate,
    kind: 'GOVERNMENT_REBATE',
    amount_pence: -ledgerPence,
    description,
    government_rebate_id: rebate.id,
    additional_transaction_id: transactionId,
  });
  await recordChange(trx, { action: 'INSERT', entity: 'additional_transactions', entityId: transactionId, actorUserId, after: { id: transactionId, ...transaction } });
  return transactionId;
}
