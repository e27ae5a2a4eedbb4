import type { Knex } from '@app/db';

export interface AdditionalTransactionToPost {
  id: number;
  groupId: number;
  tenantContractId: number;
  referenceType: 'CREDIT' | 'DEBIT';
  amountPence: number;
  description: string;
  transactionDate: string;
}

/**
 * The ledger entry of an additional transaction, in the transaction that created it: a DEBIT is a charge
 * (ADDITIONAL_DEBIT, +amount), a CREDIT lowers what the tenant owes (ADDITIONAL_CREDIT, −amount), dated the
 * transaction's date. The amount is fixed once written (the database refuses a change), so one entry is final.
 */
export async function postAdditionalTransaction(trx: Knex, transaction: AdditionalTransactionToPost): Promise<void> {
  const debit = transaction.referenceType === 'DEBIT';
  await trx('ledger_entries').insert({
    group_id: transaction.groupId,
    tenant_contract_id: transaction.tenantContractId,
    entry_date: transaction.transactionDate,
    kind: debit ? 'ADDITIONAL_DEBIT' : 'ADDITIONAL_CREDIT',
    amount_pence: debit ? transaction.amountPence : -transaction.amountPence,
    description: transaction.description.slice(0, 255),
    additional_transaction_id: transaction.id,
  });
}
