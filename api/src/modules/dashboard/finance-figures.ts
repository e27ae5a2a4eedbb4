import type { Knex } from '@app/db';
import { monthOf } from '../../rules';

export interface DebtBucket {
  label: string;
  contracts: number;
  owedPence: number;
}

export interface FinanceFigures {
  billedPence: number;
  collectedPence: number;
  debt: DebtBucket[];
}

/** Debt by how long the tenant has gone without paying: days since their last payment, or never. */
const BUCKETS = [
  { label: 'Paid in the last 30 days', max: 30 },
  { label: '31 to 60 days since a payment', max: 60 },
  { label: '61 to 90 days since a payment', max: 90 },
  { label: 'Over 90 days since a payment', max: Infinity },
  { label: 'Never paid', max: null },
] as const;

/**
 * The month's money for a group: statements issued (billed) and payments taken (collected) this calendar
 * month, and what tenants owe (a positive ledger balance) by age.
 */
export async function financeFigures(db: Knex, groupId: number, today: string): Promise<FinanceFigures> {
  const { first: monthStart, last: monthEnd } = monthOf(today);
  const [billed] = await db('bills')
    .where({ group_id: groupId, state: 'ISSUED' })
    .whereIn('kind', ['TENANT_STATEMENT', 'FINAL_STATEMENT', 'ENERGY_BILL'])
    .whereBetween('issue_date', [monthStart, monthEnd])
    .sum({ pence: 'total_pence' });
  const [collected] = await db('payments').where({ group_id: groupId, status: 'PAID' }).whereBetween('payment_date', [monthStart, monthEnd]).sum({ pence: 'amount_pence' });
  const owing: Array<{ balance: string; last_paid: string | null }> = await db('ledger_entries')
    .where({ group_id: groupId })
    .groupBy('tenant_contract_id')
    .havingRaw('SUM(amount_pence) > 0')
    .select(db.raw('SUM(amount_pence) AS balance'), db.raw("to_char(MAX(entry_date) FILTER (WHERE kind = 'PAYMENT'), 'YYYY-MM-DD') AS last_paid"));
  const debt = BUCKETS.map((bucket) => ({ label: bucket.label, contracts: 0, owedPence: 0 }));
  const todayTime = Date.parse(today);
  for (const row of owing) {
    const days = row.last_paid ? Math.round((todayTime - Date.parse(row.last_paid)) / 86_400_000) : null;
    const index = days === null ? BUCKETS.length - 1 : BUCKETS.findIndex((bucket) => bucket.max !== null && days <= bucket.max);
    debt[index]!.contracts += 1;
    debt[index]!.owedPence += Number(row.balance);
  }
  return { billedPence: Number(billed?.pence ?? 0), collectedPence: Number(collected?.pence ?? 0), debt };
}
