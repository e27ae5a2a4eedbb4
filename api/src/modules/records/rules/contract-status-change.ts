import type { Knex } from '@app/db';
import { formatPounds } from '../../../rules';
import { outstandingDebt } from '../../billing/ledger-balance';

/** Payment methods that collect from something on file (a card, a Direct Debit); the others need nothing on file. */
const COLLECTED_METHODS = ['CREDIT_CARD', 'DIRECT_DEBIT', 'DD_AND_CARD'];

export const CONTRACT_STATUS_MESSAGES = {
  needsPaymentMethod: 'A contract becomes active only with an active payment method: a card or a Direct Debit on file',
  needsZeroDebt: (owed: number) => `A contract closes only when nothing is owed (${formatPounds(owed)} is owed)`,
  needsStatement: 'A contract that was billed closes only once its final statement is issued',
} as const;

/**
 * Specification §4's conditions on a tenant contract's status change, read from the contract's own records:
 * ACTIVE needs an active payment method (when it pays by card or Direct Debit); CLOSED needs nothing owed
 * and, once the contract was billed at all, a statement issued for it. Answers the refusal, or null.
 */
export async function contractStatusChangeRefusal(trx: Knex, contract: { id: number; paymentMethod: string }, to: string): Promise<string | null> {
  if (to === 'ACTIVE' && COLLECTED_METHODS.includes(contract.paymentMethod)) {
    const card = await trx('payment_methods').where({ tenant_contract_id: contract.id, kind: 'CARD', is_active: true }).first('id');
    const mandate = await trx('direct_debit_mandates').where({ tenant_contract_id: contract.id }).whereIn('status', ['PENDING', 'ACTIVE']).first('id');
    if (!card && !mandate) return CONTRACT_STATUS_MESSAGES.needsPaymentMethod;
  }
  if (to === 'CLOSED') {
    const owed = await outstandingDebt(trx, contract.id);
    if (owed > 0) return CONTRACT_STATUS_MESSAGES.needsZeroDebt(owed);
    if (await trx('ledger_entries').where({ tenant_contract_id: contract.id }).first('id')) {
      const statement = await trx('bills').where({ tenant_contract_id: contract.id }).whereIn('kind', ['TENANT_STATEMENT', 'FINAL_STATEMENT']).whereNot('state', 'VOID').first('id');
      if (!statement) return CONTRACT_STATUS_MESSAGES.needsStatement;
    }
  }
  return null;
}
