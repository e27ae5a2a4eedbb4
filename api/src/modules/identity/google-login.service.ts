import type { Knex } from '@app/db';
import { recordAuthEvent } from '../../auth/auth-events';
import { emailFromCode, type OpenIdSettings } from '../../auth/openid-client';
import { consumeAttempt, LOGIN_LIMITS } from '../../auth/rate-limit';
import { DomainError } from '../../errors/domain-error';
import { GOOGLE_LOGIN_ERRORS, LOGIN_ERRORS, type UserRole } from '../../rules';
import { accountRefusal, completeSignIn, findUserByEmail, SIGN_IN_KINDS, type SignInKind } from './login.service';

/** The page the issuer sends the browser back to: the sign-in page of that kind of account. */
export function googleRedirectUri(baseUrl: string): string {
  return `${baseUrl}/admin-signin`;
}

/**
 * Signs in with an authorization code from the OpenID issuer (Google's by default). "User not found" when
 * the verified e-mail has no account of that kind; any other failure is "Something went wrong. Please try again".
 */
export async function googleLogin(
  db: Knex,
  settings: OpenIdSettings | null,
  input: { code?: unknown; userRole?: unknown },
  context: { secret: Uint8Array; ttlSeconds: number; ip: string | null; baseUrl: string },
) {
  const failed = () => new DomainError('LOGIN_REFUSED', GOOGLE_LOGIN_ERRORS.failed, { key: 'google.failed' });
  if (typeof input.code !== 'string' || !input.code) throw DomainError.invalid([{ field: 'code', rule: 'required', message: 'Required' }]);
  const kind = (typeof input.userRole === 'string' ? input.userRole : 'backoffice') as SignInKind;
  if (!(kind in SIGN_IN_KINDS)) throw DomainError.invalid([{ field: 'userRole', rule: 'oneOf', message: `must be one of ${Object.keys(SIGN_IN_KINDS).join(', ')}` }]);
  if (!settings) throw failed();
  await consumeAttempt(db, { key: `login:ip:${context.ip ?? 'unknown'}`, ...LOGIN_LIMITS.perIp });

  let email: string;
  try {
    email = await emailFromCode(settings, input.code, googleRedirectUri(context.baseUrl));
  } catch (error) {
    await recordAuthEvent(db, 'LOGIN_FAILED', { ip: context.ip }, { method: 'google', reason: (error as Error).message });
    throw failed();
  }
  const user = await findUserByEmail(db, email);
  if (!user || !(SIGN_IN_KINDS[kind] as readonly UserRole[]).includes(user.role)) {
    await recordAuthEvent(db, 'LOGIN_FAILED', { userId: user?.id, email, ip: context.ip }, { method: 'google', key: 'google.userNotFound' });
    throw new DomainError('LOGIN_REFUSED', GOOGLE_LOGIN_ERRORS.userNotFound, { key: 'google.userNotFound' });
  }
  const refusal = await accountRefusal(db, user, null);
  if (refusal) {
    await recordAuthEvent(db, 'LOGIN_FAILED', { userId: user.id, email, ip: context.ip }, { method: 'google', key: refusal });
    throw new DomainError('LOGIN_REFUSED', LOGIN_ERRORS[refusal], { key: refusal });
  }
  // The REST answer carries the token at the top level (POST /api/v2/auth/google).
  const { auth, ...signedIn } = await completeSignIn(db, user, context, 'google');
  return { jwtToken: auth.jwtToken, ...signedIn };
}
