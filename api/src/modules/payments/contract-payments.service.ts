import type { PgBoss } from 'pg-boss';
import { TenantContract, type Knex } from '@app/db';
import type { AuthUser } from '../../auth/auth-user';
import { tenantContractForCaller } from './payment-scope';
import { consumeAttempt } from '../../auth/rate-limit';
import { DomainError } from '../../errors/domain-error';
import { addDays, COLLECTION_CHANNELS, formatPounds, formatSortCode, labelFor } from '../../rules';
import { createNotification } from '../notifications/create-notification.service';
import { queueEmail } from '../outbox/queue-message.service';
import { readSystemCurrentDate } from '../settings/read-current-date.service';
import { occurrencesBetween } from './collections/occurrences';

/** How far ahead a schedule's next dates are looked for, and how many are shown. */
const NEXT_DATES_WINDOW_DAYS = 400;
const NEXT_DATES_SHOWN = 3;
const COLLECTIONS_SHOWN = 50;

/**
 * A tenant contract's money-in, as staff need it on one page: the methods on file (cards, Direct Debit
 * mandates with their state), the schedules with their next collection dates, the latest collections and
 * where each got to, and the refunds. Read as one objection graph of the contract.
 */
export async function contractPayments(db: Knex, caller: { user: AuthUser | null; groupId: number | null }, tenantContractId: unknown) {
  const contract = await tenantContractForCaller(db, caller.user, caller.groupId, tenantContractId, 'READ');
  const graph = await TenantContract.query(db)
    .findById(contract.id)
    .withGraphFetched('[paymentMethods.mandate, schedules, refunds]')
    .modifyGraph('paymentMethods', (q) => q.orderBy('id', 'desc'))
    .modifyGraph('schedules', (q) => q.orderBy('start_date', 'desc'))
    .modifyGraph('refunds', (q) => q.orderBy('id', 'desc'));
  const collections: Array<{ id: number; collection_date: string; amount_pence: number; channel: string; status: string; attempt: number; failure_reason: string | null }> = await db('collections')
    .where({ tenant_contract_id: contract.id })
    .orderBy([{ column: 'collection_date', order: 'desc' }, { column: 'id', order: 'desc' }])
    .limit(COLLECTIONS_SHOWN)
    .select('id', db.raw('collection_date::text AS collection_date'), 'amount_pence', 'channel', 'status', 'attempt', 'failure_reason');
  const today = await readSystemCurrentDate(db);
  const methods = graph!.paymentMethods ?? [];
  return {
    tenantContractId: String(contract.id),
    paymentMethod: labelFor(contract.paymentMethod),
    hasActiveCard: methods.some((m) => m.kind === 'CARD' && m.isActive && m.providerMethodRef !== null),
    methods: methods.map((m) => ({
      id: String(m.id),
      isActive: m.isActive,
      description:
        m.kind === 'CARD'
          ? `Card ending ${m.cardLast4}, expires ${String(m.cardExpiryMonth).padStart(2, '0')}/${m.cardExpiryYear} (${labelFor(m.cardProvider)})`
          : m.mandate
            ? `Direct Debit from ${formatSortCode(m.mandate.sortCode)} account ending ${m.mandate.accountNumberEnding}, reference ${m.mandate.reference}`
            : 'Direct Debit',
      state: m.kind === 'CARD' ? (m.isActive ? 'Active' : 'Removed') : m.mandate ? labelFor(m.mandate.status) : 'No mandate',
    })),
    schedules: (graph!.schedules ?? []).map((s) => ({
      id: String(s.id),
      description: `${labelFor(s.kind)}: ${formatPounds(s.amountPence)} ${labelFor(s.scheduleType).toLowerCase()}${s.paymentDay ? ` on day ${s.paymentDay === 31 ? 'last' : s.paymentDay}` : ''}`,
      status: labelFor(s.status),
      nextDates:
        s.status === 'ACTIVE'
          ? occurrencesBetween({ kind: s.kind, scheduleType: s.scheduleType, endType: s.endType, times: s.times, startDate: String(s.startDate).slice(0, 10), endDate: s.endDate ? String(s.endDate).slice(0, 10) : null, cron: s.cron, paymentDay: s.paymentDay }, today, addDays(today, NEXT_DATES_WINDOW_DAYS)).slice(0, NEXT_DATES_SHOWN)
          : [],
    })),
    collections: collections.map((c) => ({ id: String(c.id), collectionDate: c.collection_date, amountPence: c.amount_pence, channel: labelFor(c.channel, COLLECTION_CHANNELS), status: c.status, attempt: c.attempt, failureReason: c.failure_reason })),
    refunds: (graph!.refunds ?? []).map((r) => ({ id: String(r.id), amountPence: r.amountPence, refundType: labelFor(r.refundType), status: r.status, reason: r.reason, requestedOn: new Date(r.createdAt).toISOString().slice(0, 10) })),
  };
}

/** At most one payment link per contract in this many minutes: a double click sends one e-mail. */
export const PAYMENT_LINK_LIMIT = { limit: 1, windowMinutes: 10 } as const;

/**
 * E-mails the tenant a link to pay in their account (card payment or setting up a Direct Debit) and puts the
 * same in their notifications: staff use it after a failed payment or a call.
 */
export async function sendPaymentLink(db: Knex, boss: PgBoss, caller: { user: AuthUser | null; groupId: number | null; baseUrl: string }, tenantContractId: unknown): Promise<string> {
  const contract = await tenantContractForCaller(db, caller.user, caller.groupId, tenantContractId);
  const graph = await TenantContract.query(db).findById(contract.id).withGraphFetched('tenant');
  const tenant = graph!.tenant;
  if (!tenant?.email) throw DomainError.invalid([{ field: 'tenantContractId', rule: 'email', message: 'The tenant has no e-mail address to send the link to' }]);
  await consumeAttempt(db, { key: `payment-link:${contract.id}`, ...PAYMENT_LINK_LIMIT });
  const link = `${caller.baseUrl.replace(/\/$/, '')}/tenant-profile/payments/info`;
  await db.transaction(async (trx) => {
    await queueEmail(trx, boss, {
      to: tenant.email,
      subject: 'Pay your bills online',
      text: `Hello ${tenant.firstName ?? ''},\n\nYou can pay what you owe, add a card or set up a Direct Debit in your account:\n${link}\n\nIf you have any questions, reply to this e-mail.`.replace('Hello ,', 'Hello,'),
      groupId: contract.groupId,
    });
    await createNotification(trx, {
      userId: tenant.id,
      title: 'Pay your bills online',
      message: 'Pay what you owe, add a card or set up a Direct Debit in your account.',
      notificationType: 'WARNING',
      type: 'PAYMENT_LINK',
      data: { tenantContractId: contract.id },
      goToPage: { link: '/tenant-profile/payments/info', title: 'Go to payments' },
    });
  });
  return tenant.email;
}
