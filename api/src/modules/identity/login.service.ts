import type { Knex } from '@app/db';
import { recordAuthEvent } from '../../auth/auth-events';
import { DEMO_PASSWORD, verifyAgainstDummy, verifyPassword } from '../../auth/password-hashing';
import { consumeAttempt, countAttempt, LOGIN_LIMITS, perAccountDelayMs } from '../../auth/rate-limit';
import { issueToken } from '../../auth/sessions';
import { DomainError } from '../../errors/domain-error';
import { BACKOFFICE_ROLES, LOGIN_ERRORS, TENANT_ROLES, type LoginErrorKey, type TenantPortal, type UserRole } from '../../rules';
import { readSystemCurrentDate } from '../settings/read-current-date.service';
import { tenantRefusal } from './tenant-access';

/** Which kind of account a sign-in page is for; the general /signin accepts every kind. */
export const SIGN_IN_KINDS = { tenant: TENANT_ROLES, agent: ['agent'], backoffice: BACKOFFICE_ROLES } as const satisfies Record<string, readonly UserRole[]>;
export type SignInKind = keyof typeof SIGN_IN_KINDS;

export interface LoginInput {
  email: string;
  password: string;
  userRole?: SignInKind | null;
  portal?: TenantPortal | null;
}

export interface LoginContext {
  secret: Uint8Array;
  ttlSeconds: number;
  ip: string | null;
  production: boolean;
  /** Sign-ins in the same GraphQL request beyond this one (aliases): each counts as an attempt. */
  otherAttemptsInRequest?: number;
}

/**
 * Counts the attempt per account and address, per address, and per account. The first two refuse past
 * their limit; the account-wide count only delays, so the owner signing in from an address that has not
 * failed always gets in, a little later while the account is under attack.
 */
async function limitSignInAttempts(db: Knex, email: string, context: LoginContext): Promise<void> {
  const account = email.toLowerCase();
  const ip = context.ip ?? 'unknown';
  const attempts = 1 + (context.otherAttemptsInRequest ?? 0);
  await consumeAttempt(db, { key: `login:pair:${account}:${ip}`, ...LOGIN_LIMITS.perAccountAndIp }, attempts);
  await consumeAttempt(db, { key: `login:ip:${ip}`, ...LOGIN_LIMITS.perIp }, attempts);
  const hits = await countAttempt(db, { key: `login:account:${account}`, ...LOGIN_LIMITS.perAccount }, attempts);
  const delay = perAccountDelayMs(hits);
  if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
}

export interface UserRow {
  id: number;
  email: string;
  password_hash: string | null;
  first_name: string;
  last_name: string;
  role: UserRole;
  portal: TenantPortal | null;
  status: string;
  confirmed_at: Date | null;
  expires_at: Date | null;
  backoffice_role_id: number | null;
}

export function refuse(key: LoginErrorKey): DomainError {
  return new DomainError('LOGIN_REFUSED', LOGIN_ERRORS[key], { key });
}

export function findUserByEmail(db: Knex, email: string): Promise<UserRow | undefined> {
  return db('users').whereRaw('lower(email) = lower(?)', [email.trim()]).first();
}

/** The account checks that come after the password (shared with Google sign-in). */
export async function accountRefusal(db: Knex, user: UserRow, portal: TenantPortal | null | undefined): Promise<LoginErrorKey | null> {
  if (user.status !== 'ACTIVE' || (user.expires_at && user.expires_at < new Date())) return 'errors.form.login.expired';
  if (!user.confirmed_at) return 'errors.form.login.unconfirmed';
  if (user.portal) {
    const wanted = portal ?? 'MY_ACCOUNT';
    if (user.portal !== wanted) return user.portal === 'ENERGY_BILL' ? 'errors.form.login.loginUsingBillPortal' : 'errors.form.login.loginUsingMyAccount';
    return tenantRefusal(db, user.id, wanted, await readSystemCurrentDate(db));
  }
  return null;
}

/**
 * Signs a user in with e-mail and password. Every refusal carries the specification's message key; an
 * unknown e-mail and a wrong password give the same answer in the same time. Attempts are limited per
 * account and per IP address, and every success and failure is recorded.
 */
export async function login(db: Knex, input: LoginInput, context: LoginContext) {
  const email = (input.email ?? '').trim();
  if (!email || !input.password) {
    throw DomainError.invalid([
      ...(!email ? [{ field: 'email', rule: 'required', message: 'Required' }] : []),
      ...(!input.password ? [{ field: 'password', rule: 'required', message: 'Required' }] : []),
    ]);
  }
  await limitSignInAttempts(db, email, context);

  const user = await findUserByEmail(db, email);
  const fail = async (key: LoginErrorKey) => {
    await recordAuthEvent(db, 'LOGIN_FAILED', { userId: user?.id, email, ip: context.ip }, { key });
    return refuse(key);
  };
  if (!user) {
    await verifyAgainstDummy(input.password);
    throw await fail('errors.form.login.incorrectData');
  }
  if (!user.password_hash) throw await fail('errors.signin.passwordIsNull');
  const passwordOk = await verifyPassword(user.password_hash, input.password);
  // The demo accounts' shared password must never open anything outside development.
  if (!passwordOk || (context.production && input.password === DEMO_PASSWORD)) throw await fail('errors.form.login.incorrectData');
  if (input.userRole && !(SIGN_IN_KINDS[input.userRole] as readonly UserRole[]).includes(user.role)) {
    // The right password at the wrong door: a tenant at the agent sign-in is told where to go (as energy-bill
    // accounts are at the tenant sign-in); every other mismatch stays "incorrect".
    const tenantAtAgentDoor = input.userRole === 'agent' && (SIGN_IN_KINDS.tenant as readonly UserRole[]).includes(user.role);
    throw await fail(tenantAtAgentDoor ? 'errors.form.login.loginUsingTenantSignIn' : 'errors.form.login.incorrectData');
  }
  const refusal = await accountRefusal(db, user, input.portal);
  if (refusal) throw await fail(refusal);

  return completeSignIn(db, user, context, 'password');
}

/** A sign-in that passed every check: a new session and token, the success recorded (password or Google). */
export async function completeSignIn(
  db: Knex,
  user: UserRow,
  context: { secret: Uint8Array; ttlSeconds: number; ip: string | null },
  method: 'password' | 'google',
) {
  const token = await issueToken(db, user, context);
  await recordAuthEvent(db, 'LOGIN_SUCCEEDED', { userId: user.id, email: user.email, ip: context.ip }, { method });
  return {
    auth: { jwtToken: token.jwtToken },
    role: user.role,
    user: { id: user.id, email: user.email, firstName: user.first_name, lastName: user.last_name },
  };
}
