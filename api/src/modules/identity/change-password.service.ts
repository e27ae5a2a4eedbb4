import type { Knex } from '@app/db';
import { recordAuthEvent } from '../../auth/auth-events';
import type { AuthUser } from '../../auth/auth-user';
import { verifyPassword } from '../../auth/password-hashing';
import { issueToken } from '../../auth/sessions';
import { DomainError } from '../../errors/domain-error';
import { storeNewPassword, validateNewPassword } from './set-password';

export interface ChangePasswordInput {
  currentPassword: string;
  password: string;
  confirmPassword: string;
}

/** Changes the signed-in user's password: every earlier token is revoked and a fresh one returned. */
export async function changePassword(
  db: Knex,
  user: AuthUser,
  input: ChangePasswordInput,
  context: { secret: Uint8Array; ttlSeconds: number; ip: string | null; production: boolean },
) {
  validateNewPassword(input.password, input.confirmPassword, context.production);
  const row = await db('users').where({ id: user.id }).first('password_hash', 'role', 'backoffice_role_id', 'id');
  if (!row?.password_hash || !(await verifyPassword(row.password_hash, input.currentPassword ?? ''))) {
    throw DomainError.invalid([{ field: 'currentPassword', rule: 'matchesCurrent', message: 'Current password is incorrect' }]);
  }
  return db.transaction(async (trx) => {
    await storeNewPassword(trx, user.id, input.password);
    await recordAuthEvent(trx, 'PASSWORD_CHANGED', { userId: user.id, email: user.email, ip: context.ip });
    const token = await issueToken(trx, row, context);
    return { auth: { jwtToken: token.jwtToken } };
  });
}
