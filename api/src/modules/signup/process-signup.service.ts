import type { PgBoss } from 'pg-boss';
import { SignupSession, type Knex } from '@app/db';
import { hashPassword } from '../../auth/password-hashing';
import { consumeAttempt, type RateLimit } from '../../auth/rate-limit';
import { DomainError } from '../../errors/domain-error';
import { checkSignupForm, SIGNUP_MESSAGES, type SignupBilling, type SignupFormInput } from '../../rules';
import { readSystemCurrentDate } from '../settings/read-current-date.service';
import { readEnabledFeatures } from '../settings/read-system-settings.service';
import { checkSignupAgainstRecords } from './signup-checks.service';
import { createSignupRecords, type SignupResult } from './create-signup-records';
import { toSignupForm } from './signup-form';
import { priceNewHouse } from './signup-pricing';
import { SIGNUP_SESSION_MESSAGES } from './signup-session.service';

/*
 * `POST /api/v2/signup/process-plan-signup` and `/process-bill-signup`: a finished wizard becomes a customer.
 * The sign-up session's token is the idempotency key. Its row is locked for the whole write, so the same
 * token sent twice (a retry, a double click, two tabs, even at the same moment) is processed once: the later
 * request waits, then finds the session processed and answers the result stored on it. What does not need the
 * lock (checking the form, pricing, hashing the password) is done before it, so the lock is held briefly.
 */

/** Processings per visitor address an hour: a house of twelve on one connection, each retrying, stays well inside. */
export const SIGNUP_PROCESS_LIMIT: Omit<RateLimit, 'key'> = { limit: 60, windowMinutes: 60 };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ProcessSignupContext {
  ip: string | null;
  baseUrl: string;
}

/** What a concurrent sign-up's constraint violation means to the visitor (the checks say so first, under locks). */
function fromConstraint(error: unknown): DomainError | null {
  const { code, constraint } = error as { code?: string; constraint?: string };
  if (code === '23505' && constraint === 'users_email_unique') return DomainError.invalid([{ field: 'tenant.email', rule: 'unique', message: SIGNUP_MESSAGES.emailUsed }]);
  if (code === '23P01' && constraint === 'house_contracts_no_overlap') return DomainError.invalid([{ field: 'house', rule: 'addressFree', message: SIGNUP_MESSAGES.addressSignedUp }]);
  if (code === '23505' && constraint === 'signup_invitations_tenant_contract_id_unique') return DomainError.invalid([{ field: 'houseContractId', rule: 'invitation', message: SIGNUP_MESSAGES.invalidInvitation }]);
  return null;
}

export async function processSignup(db: Knex, boss: PgBoss, billing: SignupBilling, body: unknown, context: ProcessSignupContext): Promise<SignupResult> {
  await consumeAttempt(db, { key: `signup-process:ip:${context.ip ?? 'unknown'}`, ...SIGNUP_PROCESS_LIMIT });
  const input = (body !== null && typeof body === 'object' && !Array.isArray(body) ? body : {}) as SignupFormInput;
  const token = typeof input.signupToken === 'string' && UUID.test(input.signupToken) ? input.signupToken.toLowerCase() : null;
  // Processed already: the same answer, whatever has changed since (the records exist; the form is not read again).
  const known = token ? await SignupSession.query(db).findOne({ token }) : undefined;
  if (known?.processedAt) return known.result as unknown as SignupResult;

  const [today, features] = await Promise.all([readSystemCurrentDate(db), readEnabledFeatures(db)]);
  // The 2-day broadband rule here; the 3-week one of a new line once the records say the line is new.
  const errors = checkSignupForm(input, { billing, today, existingBroadbandLine: true });
  if (errors.length) throw DomainError.invalid(errors);
  if (!known) throw new DomainError('NOT_FOUND', SIGNUP_SESSION_MESSAGES.notFound, { fields: [{ field: 'signupToken', rule: 'exists', message: SIGNUP_SESSION_MESSAGES.notFound }] });
  if (known.completedAt) throw new DomainError('CONFLICT', SIGNUP_SESSION_MESSAGES.completed);
  const form = toSignupForm(input, billing);
  const price = form.houseContractId === null ? await priceNewHouse(db, form, features, today) : null;
  const passwordHash = await hashPassword(form.password);

  try {
    return await db.transaction(async (trx) => {
      const session = (await SignupSession.query(trx).findById(known.id).forUpdate())!;
      if (session.processedAt) return session.result as unknown as SignupResult;
      const target = await checkSignupAgainstRecords(trx, form, session, { features, today });
      const result = await createSignupRecords(trx, form, target, price, { boss, baseUrl: context.baseUrl, today, passwordHash });
      await session.$query(trx).patch({
        processedAt: new Date(),
        houseContractId: result.houseContractId,
        tenantContractId: result.tenantContractId,
        userId: result.userId,
        paymentMethod: result.paymentMethod,
        result: result as unknown as Record<string, unknown>,
        email: form.tenant.email,
        postcode: form.house?.postcode ?? session.postcode,
        // Paying on receipt needs nothing on file: the sign-up is complete now.
        completedAt: result.paymentMethod === 'PAY_ON_RECEIPT' ? new Date() : null,
        updatedAt: new Date(),
      } as Partial<SignupSession>);
      return result;
    });
  } catch (error) {
    throw fromConstraint(error) ?? error;
  }
}
