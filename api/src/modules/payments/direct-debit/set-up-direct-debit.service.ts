import type { PgBoss } from 'pg-boss';
import { DirectDebitMandate, Group, PaymentMethod, TenantContract, User, type Knex } from '@app/db';
import type { AuthUser } from '../../../auth/auth-user';
import { recordChange } from '../../../audit/record-change';
import { DomainError, type FieldError } from '../../../errors/domain-error';
import { bankDigits, formatSortCode, hasAreaLevel, TENANT_ROLES } from '../../../rules';
import { queueEmail } from '../../outbox/queue-message.service';
import { readEnabledFeatures } from '../../settings/read-system-settings.service';
import { checkBankDetails } from '../bacs/modulus';
import { endMandate } from './end-mandate';
import { tenantContractForCaller } from '../payment-scope';

export const DIRECT_DEBIT_MESSAGES = {
  accountName: 'Account holder name is required (at most 18 letters reach the bank, 100 are kept)',
  accountHolder: 'Only the account holder can set up this Direct Debit: confirm you are the account holder',
  notOnline: 'Direct Debits cannot be set up online at the moment: call us and we will set it up with you.',
  contractEnded: 'This contract has ended: there is nothing left to collect by Direct Debit.',
} as const;

export interface DirectDebitSetUpInput {
  tenantId: unknown;
  accountName: unknown;
  sortCode: unknown;
  accountNumber: unknown;
  /** The payer says they may authorise debits on the account alone (the Direct Debit Instruction's wording). */
  accountHolderConfirmed: unknown;
}

/**
 * A paperless Direct Debit Instruction, set up by the tenant for their own contract (when directDebitFO is on)
 * or by staff of the contract's group. The bank details must pass modulus checking; the mandate starts
 * PENDING with a reference of its own, is lodged (AUDDIS 0N) in the group's next file and becomes ACTIVE after
 * its processing day. The contract pays by Direct Debit from then on: an earlier mandate is cancelled (0C) and
 * its payment method retired, a card stays on file (DD_AND_CARD stays as it is). The payer gets the
 * confirmation Bacs asks for, with the Direct Debit Guarantee. Audited.
 */
export async function setUpDirectDebit(db: Knex, boss: PgBoss, caller: { user: AuthUser | null; groupId: number | null }, input: DirectDebitSetUpInput): Promise<DirectDebitMandate> {
  const contract = await tenantContractForCaller(db, caller.user, caller.groupId, input.tenantId);
  const asTenant = caller.user !== null && (TENANT_ROLES as readonly string[]).includes(caller.user.role);
  if (asTenant && !(await readEnabledFeatures(db)).includes('directDebitFO')) throw new DomainError('FORBIDDEN', DIRECT_DEBIT_MESSAGES.notOnline);
  if (!asTenant && !hasAreaLevel(caller.user!.permissions, 'payments', 'WRITE')) throw new DomainError('FORBIDDEN', DIRECT_DEBIT_MESSAGES.notOnline);

  const errors: FieldError[] = [];
  const accountName = typeof input.accountName === 'string' ? input.accountName.trim().replace(/\s+/g, ' ') : '';
  if (accountName === '' || accountName.length > 100) errors.push({ field: 'accountName', rule: 'required', message: DIRECT_DEBIT_MESSAGES.accountName });
  const bank = checkBankDetails(typeof input.sortCode === 'string' ? input.sortCode : '', typeof input.accountNumber === 'string' ? input.accountNumber : '');
  if (!bank.valid) errors.push({ field: bank.field!, rule: 'bankDetails', message: bank.reason! });
  if (input.accountHolderConfirmed !== true) errors.push({ field: 'accountHolderConfirmed', rule: 'required', message: DIRECT_DEBIT_MESSAGES.accountHolder });
  if (errors.length) throw DomainError.invalid(errors);
  if (contract.status === 'CLOSED') throw DomainError.invalid([{ field: 'tenantId', rule: 'active', message: DIRECT_DEBIT_MESSAGES.contractEnded }]);

  const account = bankDigits(input.accountNumber)!;
  const standardAccount = account.length < 8 ? account.padStart(8, '0') : account.slice(-8);
  return db.transaction(async (trx) => {
    // One set-up at a time per contract: two tabs submitting together must not leave two live mandates.
    const locked = await TenantContract.query(trx).findById(contract.id).forUpdate();
    const group = await Group.query(trx).findById(contract.groupId);
    const mandatesBefore = await DirectDebitMandate.query(trx).where({ tenant_contract_id: contract.id });
    const earlier = mandatesBefore.filter((m) => m.status === 'PENDING' || m.status === 'ACTIVE');
    for (const old of earlier) await endMandate(trx, old);
    await PaymentMethod.query(trx).where({ tenant_contract_id: contract.id, kind: 'DIRECT_DEBIT', is_active: true }).patch({ isActive: false });
    const mandate = await DirectDebitMandate.query(trx).insertAndFetch({
      groupId: contract.groupId,
      tenantContractId: contract.id,
      // The contract's own number and its count of mandates: unique, and readable on a bank statement.
      reference: `SHB-${String(contract.id).padStart(6, '0')}-${String(mandatesBefore.length + 1).padStart(2, '0')}`,
      paper: false,
      accountName,
      sortCode: bankDigits(input.sortCode)!,
      accountNumber: standardAccount,
      accountNumberEnding: standardAccount.slice(-4),
      status: 'PENDING',
      directDebitStatus: 'PENDING',
      serviceUserNumber: group!.serviceUserNumber,
    });
    await PaymentMethod.query(trx).insert({ groupId: contract.groupId, tenantContractId: contract.id, kind: 'DIRECT_DEBIT', mandateId: mandate.id, isActive: true });
    if (locked!.paymentMethod !== 'DD_AND_CARD' && locked!.paymentMethod !== 'DIRECT_DEBIT') await locked!.$query(trx).patch({ paymentMethod: 'DIRECT_DEBIT' });
    await recordChange(trx, {
      action: 'INSERT',
      entity: 'direct_debit_mandates',
      entityId: mandate.id,
      actorUserId: caller.user!.id,
      after: { reference: mandate.reference, sortCode: mandate.sortCode, accountNumberEnding: mandate.accountNumberEnding, paper: false, replaced: earlier.map((m) => m.reference) },
    });
    const payer = await User.query(trx).findById(contract.userId);
    if (payer?.email) {
      await queueEmail(trx, boss, {
        to: payer.email,
        subject: 'Your Direct Debit is set up',
        text:
          `Thank you: your Direct Debit Instruction to ${group!.name} is set up.\n\n` +
          `Account holder: ${accountName}\nSort code: ${formatSortCode(mandate.sortCode)}\nAccount number ending: ${mandate.accountNumberEnding}\n` +
          `Reference (shown on your bank statement): ${mandate.reference}\nService user number: ${group!.serviceUserNumber}\n\n` +
          'Before each new amount is collected we will tell you how much and when, at least 10 working days ahead.\n\n' +
          'The Direct Debit Guarantee: if an error is made in the payment of your Direct Debit, by us or your bank or building society, ' +
          'you are entitled to a full and immediate refund of the amount paid from your bank or building society. ' +
          'You can cancel a Direct Debit at any time by simply contacting your bank or building society.',
        groupId: contract.groupId,
      });
    }
    return mandate;
  });
}
