import type { Knex } from '@app/db';

let serial = 0;

export interface TestDebtor {
  userId: number;
  contractId: number;
  email: string;
  firstName: string;
}

/**
 * For tests: a tenant of their own (e-mail, UK mobile) with one contract in `groupId` owing `owedPence` since
 * `since` (an instalment; null for a contract never billed), optionally on the Priority Services Register or with a card on file.
 */
export async function createTestDebtor(
  knex: Knex,
  options: { groupId: number; since: string; owedPence?: number | null; email?: string; phone?: string | null; priorityServices?: boolean; card?: boolean },
): Promise<TestDebtor> {
  serial += 1;
  const email = options.email ?? `debtor-${serial}-${Date.now()}@example.test`;
  const firstName = `Debtor${serial}`;
  const [user] = await knex('users')
    .insert({
      email,
      first_name: firstName,
      last_name: 'Tenant',
      role: 'front',
      portal: 'MY_ACCOUNT',
      phone: options.phone === undefined ? `+4477009002${String(serial % 100).padStart(2, '0')}` : options.phone,
      priority_services: options.priorityServices ?? false,
    })
    .returning('id');
  const [contract] = await knex('tenant_contracts')
    .insert({ group_id: options.groupId, user_id: user.id, status: 'ACTIVE', payment_method: 'CREDIT_CARD', start_date: '2026-09-01', end_date: '2027-08-31' })
    .returning('id');
  // null: a contract never billed (no ledger at all).
  if (options.owedPence !== null) await knex('ledger_entries').insert({ group_id: options.groupId, tenant_contract_id: contract.id, entry_date: options.since, kind: 'INSTALMENT', amount_pence: options.owedPence ?? 5_000, description: 'Monthly instalment' });
  if (options.card) {
    await knex('payment_methods').insert({ group_id: options.groupId, tenant_contract_id: contract.id, kind: 'CARD', card_provider: 'STRIPE', card_last4: '4242', card_expiry_month: 12, card_expiry_year: 2030 });
  }
  return { userId: user.id, contractId: contract.id, email, firstName };
}
