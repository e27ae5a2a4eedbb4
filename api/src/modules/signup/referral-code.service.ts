import type { Knex } from '@app/db';
import { consumeAttempt } from '../../auth/rate-limit';
import { referralCodeFormat, SIGNUP_MESSAGES } from '../../rules';
import { readSystemCurrentDate } from '../settings/read-current-date.service';
import { findReferral } from './signup-checks.service';

/*
 * The finishing-touches step checks a referral or promo code as the visitor types it: "Referral code applied!"
 * for a tenant's referral code or an active promo link, else why not (a tenant ID is never a promo code).
 * Limited per address, so codes cannot be listed by guessing. Processing the sign-up checks it again.
 */

export const REFERRAL_CHECK_LIMIT = { limit: 60, windowMinutes: 60 };

export async function checkSignupReferralCode(db: Knex, code: unknown, ip: string | null): Promise<{ applied: boolean; message: string }> {
  await consumeAttempt(db, { key: `signup-referral:ip:${ip ?? 'unknown'}`, ...REFERRAL_CHECK_LIMIT });
  const text = typeof code === 'string' ? code.trim() : '';
  const format = text ? referralCodeFormat(text) : 'Required';
  if (format) return { applied: false, message: format };
  const found = await findReferral(db, text, await readSystemCurrentDate(db));
  return found ? { applied: true, message: SIGNUP_MESSAGES.referralApplied } : { applied: false, message: SIGNUP_MESSAGES.referralUnknown };
}
