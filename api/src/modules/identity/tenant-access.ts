import type { Knex } from '@app/db';
import { addDays, type LoginErrorKey, type TenantPortal } from '../../rules';

/** A contract that ended within this many days still lets a tenant in (to see the final statement, say). */
export const RECENT_CONTRACT_DAYS = 90;

interface ContractRow {
  start_date: string;
  end_date: string;
  status: string;
  payment_method: string;
}

/**
 * Whether a tenant may use the portal they are signing in to (specification §6: only paying tenants get
 * online access). Returns the refusal key, or null to let them in. `today` is a Europe/London date.
 */
export async function tenantRefusal(db: Knex, userId: number, portal: TenantPortal, today: string): Promise<LoginErrorKey | null> {
  const contracts: ContractRow[] = await db('tenant_contracts').where({ user_id: userId }).whereNot({ status: 'LANDLORD' });
  if (portal === 'ENERGY_BILL') {
    // Current or about to start: someone who has just signed up for next term's bill can get in and see it.
    const currentOrFuture = contracts.some((c) => today <= c.end_date && c.status !== 'CLOSED');
    return currentOrFuture ? null : 'errors.form.login.noCurrentContract';
  }
  const recentFrom = addDays(today, -RECENT_CONTRACT_DAYS);
  const relevant = contracts.filter((c) => c.end_date >= recentFrom);
  if (relevant.length === 0) return 'errors.form.login.noRecentContractsFound';
  if (relevant.every((c) => c.payment_method === 'HOUSEMATE_PAYING')) return 'errors.form.login.notPayingTenant';
  return null;
}
