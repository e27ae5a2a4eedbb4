import type { DirectDebitMandate, Knex } from '@app/db';

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
