import type { Knex } from '@app/db';

/** A tenant contract's balance: the sum of its ledger (+ charges, − credits); positive means the tenant owes. */
export async function ledgerBalance(trx: Knex, tenantContractId: number): Promise<number> {
  const [row] = await trx('ledger_entries').where({ tenant_contract_id: tenantContractId }).sum({ balance: 'amount_pence' });
  return Number(row?.balance ?? 0);
}

/** What the tenant owes now (never negative: a credit balance is no debt). */
export async function outstandingDebt(trx: Knex, tenantContractId: number): Promise<number> {
  return Math.max(0, await ledgerBalance(trx, tenantContractId));
}
