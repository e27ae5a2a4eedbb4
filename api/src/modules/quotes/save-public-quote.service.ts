import crypto from 'node:crypto';
import type { PgBoss } from 'pg-boss';
import { Group, WeeklyQuote, type Knex } from '@app/db';
import { recordChange } from '../../audit/record-change';
import { consumeAttempt, type RateLimit } from '../../auth/rate-limit';
import { DomainError } from '../../errors/domain-error';
import { email as emailRule, formatDisplayDate, formatPounds as money, labelFor, PLAN_TYPES } from '../../rules';
import { QUOTE_MESSAGES } from '../../rules/quote';
import { queueEmail } from '../outbox/queue-message.service';
import { readSystemCurrentDate } from '../settings/read-current-date.service';
import { readEnabledFeatures } from '../settings/read-system-settings.service';
import { pricePlans, type PublicQuote, type PublicQuoteInput } from './public-quote.service';
import { weeklyQuoteRow } from './quotes.service';

/*
 * "E-mail me this quote" on the quote step: the plans the visitor sees, priced again on the server (never
 * taken from the browser), kept as weekly quotes (one row per plan) with the e-mail they went to, and the
 * e-mail queued in the same transaction. The same answers to the same address are saved once: "Weekly quote
 * already exists". Sending mail to any address a visitor types is limited per address and per visitor.
 */

export const SAVE_QUOTE_LIMITS: Record<'ip' | 'email', Omit<RateLimit, 'key'>> = {
  ip: { limit: 10, windowMinutes: 60 },
  email: { limit: 3, windowMinutes: 24 * 60 },
};

/** The same answers for the same address, whatever the order of the services or the case of the e-mail. */
function quoteKey(email: string, answer: PublicQuote, input: PublicQuoteInput): string {
  const canonical = JSON.stringify([
    email.toLowerCase(),
    answer.postcode,
    answer.bedrooms,
    answer.numberOfTenants,
    [...(input.services ?? [])].sort(),
    (input.services ?? []).includes('broadband') ? (input.broadbandSpeed ?? null) : null,
    answer.billingType,
    answer.paymentFrequency,
    answer.startDate,
    answer.endDate,
  ]);
  return crypto.createHash('sha256').update(canonical).digest('hex');
}

function quoteEmail(answer: PublicQuote, context: { baseUrl: string; siteName: string }): { subject: string; text: string } {
  const plans = answer.options.map((option) => `- ${option.planType ? labelFor(option.planType, PLAN_TYPES) : 'Pay for what you use'}: ${money(option.weeklyPerTenantPence)} a week each (${money(option.monthlyPerTenantPence)} a month)`);
  return {
    subject: `Your quote from ${context.siteName}`,
    text: [
      'Hello,',
      '',
      `Here is your quote for ${answer.numberOfTenants} ${answer.numberOfTenants === 1 ? 'tenant' : 'tenants'} at ${answer.postcode}, ${formatDisplayDate(answer.startDate)} to ${formatDisplayDate(answer.endDate)}. Each housemate pays their own share only.`,
      '',
      ...plans,
      '',
      `Sign up or change your answers at ${context.baseUrl}/signup/quote`,
      '',
      `${context.siteName}`,
    ].join('\n'),
  };
}

export async function savePublicQuote(db: Knex, boss: PgBoss, input: PublicQuoteInput & { email?: unknown }, context: { ip: string | null; baseUrl: string; siteName: string }): Promise<{ email: string; saved: number }> {
  const email = typeof input.email === 'string' ? input.email.trim() : '';
  const emailError = !email ? 'Required' : email.length > 254 ? 'At most 254 characters' : emailRule(email);
  if (emailError) throw DomainError.invalid([{ field: 'email', rule: 'email', message: emailError }]);
  await consumeAttempt(db, { key: `save-quote:ip:${context.ip ?? 'unknown'}`, ...SAVE_QUOTE_LIMITS.ip });
  await consumeAttempt(db, { key: `save-quote:email:${email.toLowerCase()}`, ...SAVE_QUOTE_LIMITS.email });

  const [features, today, site] = await Promise.all([readEnabledFeatures(db), readSystemCurrentDate(db), Group.query(db).orderBy('id').first()]);
  const { email: _email, ...visitorInput } = input;
  const { answer, quotes } = await pricePlans(db, visitorInput, features, today);
  if (!site) throw new Error('no group to keep the quote in');
  const key = quoteKey(email, answer, visitorInput);
  const exists = () => new DomainError('CONFLICT', QUOTE_MESSAGES.weeklyQuoteExists, { fields: [{ field: 'email', rule: 'unique', message: QUOTE_MESSAGES.weeklyQuoteExists }] });
  try {
    return await db.transaction(async (trx) => {
      if (await WeeklyQuote.query(trx).findOne({ quote_key: key })) throw exists();
      // One key for the whole quote, on its first plan's row; the other plans' rows carry the e-mail only.
      const rows = quotes.map((quote, index) => ({ ...weeklyQuoteRow(quote, { groupId: site.id, houseContractId: null, userId: null }), email, quote_key: index === 0 ? key : null }));
      const inserted: Array<Record<string, unknown>> = await trx('weekly_quotes').insert(rows).returning('*');
      for (const row of inserted) await recordChange(trx, { action: 'INSERT', entity: 'weekly_quotes', entityId: row.id as number, actorUserId: null, after: row });
      await queueEmail(trx, boss, { to: email, ...quoteEmail(answer, context), groupId: site.id });
      return { email, saved: inserted.length };
    });
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw exists();
    throw error;
  }
}
