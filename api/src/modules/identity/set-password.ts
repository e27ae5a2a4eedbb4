import type { Knex } from '@app/db';
import { DEMO_PASSWORD, hashPassword } from '../../auth/password-hashing';
import { revokeAllSessions } from '../../auth/sessions';
import { DomainError, type FieldError } from '../../errors/domain-error';
import { password as passwordRule, passwordsMatch } from '../../rules';

/** Checks a new password and its confirmation against the specification's rule (§5), naming the fields. */
export function validateNewPassword(password: string, confirmation: string, production: boolean): void {
  const errors: FieldError[] = [];
  if (!password) errors.push({ field: 'password', rule: 'required', message: 'Required' });
  else {
    const ruleMessage = passwordRule(password);
    if (ruleMessage) errors.push({ field: 'password', rule: 'password', message: ruleMessage });
    else if (production && password === DEMO_PASSWORD) errors.push({ field: 'password', rule: 'notDemo', message: 'This password is not allowed' });
  }
  const mismatch = passwordsMatch(password, confirmation);
  if (password && mismatch) errors.push({ field: 'confirmPassword', rule: 'match', message: mismatch });
  if (errors.length) throw DomainError.invalid(errors);
}

/** Stores the new hash and revokes every earlier token of the user. */
export async function storeNewPassword(trx: Knex, userId: number, password: string): Promise<void> {
  await trx('users').where({ id: userId }).update({ password_hash: await hashPassword(password), updated_at: trx.fn.now() });
  await revokeAllSessions(trx, userId);
}
