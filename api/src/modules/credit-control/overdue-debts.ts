import type { Knex } from '@app/db';

/** A tenant contract that owes money: how much, and since when the oldest unpaid charge was due. */
export interface OverdueDebt {
  tenantContractId: number;
  groupId: number;
  debtPence: number;
  /** The due date of the oldest charge the credits have not covered (YYYY-MM-DD). */
  oldestDueDate: string;
  /** Days from that due date to today; 0 or less while nothing is overdue yet. */
  daysOverdue: number;
}

/**
 * Every tenant contract in debt on `today`, set-based (one statement for the whole book). Credits pay the
 * oldest charges first, so what is still owed is the newest charges adding up to the balance: walking the
 * charges from the newest, the first whose running total reaches the balance is the oldest unpaid one. A
 * statement is due on its bill's due date; any other charge (an instalment, a failed payment's reversal)
 * on its entry date, so a payment that fails starts the clock on the day it failed.
 */
export async function overdueDebts(trx: Knex, today: string, options: { tenantContractIds?: readonly number[] } = {}): Promise<OverdueDebt[]> {
  const only = options.tenantContractIds ? 'WHERE l.tenant_contract_id = ANY(?::int[])' : '';
  const bindings = options.tenantContractIds ? [[...options.tenantContractIds]] : [];
  const { rows } = await trx.raw(
    `WITH balances AS (
       SELECT l.tenant_contract_id, min(l.group_id) AS group_id, sum(l.amount_pence)::bigint AS owed
         FROM ledger_entries l ${only}
        GROUP BY l.tenant_contract_id
       HAVING sum(l.amount_pence) > 0
     ),
     charges AS (
       SELECT l.tenant_contract_id, coalesce(b.due_date, l.entry_date) AS due_date,
              sum(l.amount_pence) OVER (PARTITION BY l.tenant_contract_id ORDER BY l.entry_date DESC, l.id DESC) AS newer_total
         FROM ledger_entries l
         JOIN balances USING (tenant_contract_id)
         LEFT JOIN bills b ON b.id = l.bill_id
        WHERE l.amount_pence > 0
     )
     SELECT DISTINCT ON (c.tenant_contract_id) c.tenant_contract_id, bl.group_id, bl.owed, to_char(c.due_date, 'YYYY-MM-DD') AS oldest_due_date,
            (?::date - c.due_date) AS days_overdue
       FROM charges c JOIN balances bl USING (tenant_contract_id)
      WHERE c.newer_total >= bl.owed
      ORDER BY c.tenant_contract_id, c.newer_total`,
    [...bindings, today],
  );
  return rows.map((row: { tenant_contract_id: number; group_id: number; owed: string; oldest_due_date: string; days_overdue: number }) => ({
    tenantContractId: Number(row.tenant_contract_id),
    groupId: Number(row.group_id),
    debtPence: Number(row.owed),
    oldestDueDate: row.oldest_due_date,
    daysOverdue: Number(row.days_overdue),
  }));
}
