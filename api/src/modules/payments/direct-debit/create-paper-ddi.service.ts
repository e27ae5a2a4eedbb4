import type { Knex } from '@app/db';
import { DirectDebitMandate } from '@app/db';
import { DomainError, type FieldError } from '../../../errors/domain-error';
import { BANK_MESSAGES, bankDigits, paperDirectDebitReference } from '../../../rules';
import { checkBankDetails } from '../bacs/modulus';

export interface PaperDdiInput {
  tenantContractId: unknown;
  reference: unknown;
  accountName: unknown;
  sortCode: unknown;
  accountNumber: unknown;
}

/**
 * A paper Direct Debit Instruction keyed in by staff: reference `0000000C00` (unique: "Reference exists."),
 * bank details well formed and passing modulus checking, for a tenant contract of the caller's group. The
 * mandate starts PENDING; its AUDDIS lodgement (0N) goes in with the group's next file.
 */
export async function createPaperDdi(db: Knex, groupId: number, input: PaperDdiInput): Promise<DirectDebitMandate> {
  const errors: FieldError[] = [];
  const reference = typeof input.reference === 'string' ? input.reference.trim() : '';
  const referenceError = reference === '' ? BANK_MESSAGES.paperReference : paperDirectDebitReference(reference);
  if (referenceError) errors.push({ field: 'reference', rule: 'format', message: referenceError });
  const accountName = typeof input.accountName === 'string' ? input.accountName.trim() : '';
  if (accountName === '' || accountName.length > 100) errors.push({ field: 'accountName', rule: 'required', message: 'Account name is required (at most 100 characters)' });
  const bank = checkBankDetails(String(input.sortCode ?? ''), String(input.accountNumber ?? ''));
  if (!bank.valid) errors.push({ field: bank.field!, rule: 'bankDetails', message: bank.reason! });
  const contractId = Number(input.tenantContractId);
  if (!Number.isInteger(contractId) || contractId < 1) errors.push({ field: 'tenantContractId', rule: 'type', message: 'must be a tenant contract id' });
  if (errors.length) throw DomainError.invalid(errors);

  return db.transaction(async (trx) => {
    const contract = await trx('tenant_contracts').where({ id: contractId, group_id: groupId }).first('id');
    // Another group's contract is answered like a missing one: its existence is not the caller's to learn.
    if (!contract) throw new DomainError('NOT_FOUND', `Tenant contract ${contractId} not found`);
    const group: { service_user_number: string } = await trx('groups').where({ id: groupId }).first('service_user_number');
    const account = bankDigits(String(input.accountNumber))!;
    try {
      return await DirectDebitMandate.query(trx).insertAndFetch({
        groupId,
        tenantContractId: contractId,
        reference,
        paper: true,
        accountName,
        sortCode: bankDigits(String(input.sortCode))!,
        accountNumber: account,
        accountNumberEnding: account.slice(-4),
        status: 'PENDING',
        directDebitStatus: 'PENDING',
        serviceUserNumber: group.service_user_number,
      });
    } catch (error) {
      // objection wraps PostgreSQL's unique violation (23505); two staff typing the same reference at once meet here.
      const e = error as { code?: string; nativeError?: { code?: string } };
      if (e.code === '23505' || e.nativeError?.code === '23505') throw DomainError.invalid([{ field: 'reference', rule: 'unique', message: BANK_MESSAGES.referenceExists }]);
      throw error;
    }
  });
}
