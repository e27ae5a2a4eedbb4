import type { PgBoss } from 'pg-boss';
import type { Knex } from '@app/db';
import { addDays, formatDisplayDate } from '../../../rules';
import { queueEmail } from '../../outbox/queue-message.service';
import type { BacsCalendar } from '../bacs/bacs-calendar';
import { loadBacsCalendar } from '../bacs/bank-holidays';
import { serviceUser } from '../bacs/service-users';
import { writeCollectionsFile, type DebitItem } from '../bacs/standard18';
import { TRANSACTION_CODES } from '../bacs/transaction-codes';
import { lodgeMandates } from './lodge-mandates';
import { COLLECTED_KINDS, occurrencesBetween } from './occurrences';
import type { CardChargePort, SettlementPort } from './ports';

/**
 * The daily collections run (Europe/London date `today`), one group at a time:
 *
 * 0. mandates, in that group's transaction: the day's AUDDIS file lodges new mandates (0N) and cancels
 *    ended ones (0C) (lodge-mandates.ts).
 * 1. plan, in one transaction per group (under a per-group advisory lock): every due occurrence of an ACTIVE
 *    schedule of a paying contract becomes one collection row and one payment row. The unique key
 *    (schedule, occurrence date) and the existing-row check make a second run create nothing.
 * 2. Direct Debit, in that same transaction: the day's PENDING debits whose submission day has come go into
 *    one Standard 18 file for the group's service user, kept in `bacs_submissions` and marked SUBMITTED.
 *    A worker killed while writing the file rolls all of it back; the retried job writes it whole, once.
 * 3. Cards, after the commit: each PENDING card collection due today is charged through the card port with
 *    the collection's own idempotency key, then settled or failed in a small transaction of its own.
 *
 * Occurrences are looked for from a week back (a missed day is caught up; older ones are left to staff) to
 * today for cards, and to the furthest collection date whose submission day is today for Direct Debits. A
 * Direct Debit payer is e-mailed an advance notice before a schedule's first collection and whenever its
 * amount changes; the collection then waits until the notice period has run.
 */
export interface RunCollectionsOptions {
  today: string;
  noticeWorkingDays: number;
  settlement: SettlementPort;
  cards: CardChargePort;
  groupIds?: number[];
  /** Test hook: called after the file is written and before it is stored (to kill a run mid-file). */
  beforeStoringFile?: (groupId: number) => Promise<void>;
}

export interface RunCollectionsResult {
  lodged: number;
  created: number;
  submitted: number;
  files: number;
  cardsSettled: number;
  cardsFailed: number;
  notices: number;
  /** Milliseconds spent charging cards (the rest of the run is planning and Bacs files). */
  cardsMs: number;
}

const LOOK_BACK_DAYS = 7;
const INSERT_CHUNK = 1000;
const CARD_CHUNK = 100;

interface DueSchedule {
  id: number;
  group_id: number;
  tenant_contract_id: number;
  kind: string;
  schedule_type: string;
  end_type: string | null;
  times: number | null;
  start_date: string;
  end_date: string | null;
  cron: string | null;
  amount_pence: number;
  payment_day: number | null;
  channel: 'DIRECT_DEBIT' | 'CARD';
  mandate_id: number | null;
  email: string;
}

export async function runCollections(db: Knex, boss: PgBoss, options: RunCollectionsOptions): Promise<RunCollectionsResult> {
  const calendar = await loadBacsCalendar(db);
  const groups: Array<{ id: number; name: string; service_user_number: string }> = await db('groups')
    .modify((q) => (options.groupIds ? q.whereIn('id', options.groupIds) : q))
    .orderBy('id')
    .select('id', 'name', 'service_user_number');
  const result: RunCollectionsResult = { lodged: 0, created: 0, submitted: 0, files: 0, cardsSettled: 0, cardsFailed: 0, notices: 0, cardsMs: 0 };
  for (const group of groups) {
    await db.transaction(async (trx) => {
      await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?), ?)', ['collections', group.id]);
      result.lodged += await lodgeMandates(trx, calendar, group, options.today);
      const planned = await planGroup(trx, boss, calendar, group.id, options);
      result.created += planned.created;
      result.notices += planned.notices;
      const submitted = await submitDirectDebits(trx, calendar, group, options);
      result.submitted += submitted;
      if (submitted > 0) result.files += 1;
    });
    const cardsStarted = performance.now();
    const cards = await chargeCards(db, group.id, options);
    result.cardsMs += Math.round(performance.now() - cardsStarted);
    result.cardsSettled += cards.settled;
    result.cardsFailed += cards.failed;
  }
  return result;
}

/**
 * Schedules of the group's paying contracts with the channel they pay by: Direct Debit when the contract pays
 * by DIRECT_DEBIT or DD_AND_CARD and has an ACTIVE mandate, else card when it pays by CREDIT_CARD or
 * DD_AND_CARD and has an active card on file; contracts with neither are not collected. Read set-based (one
 * query for the group) because a run covers tens of thousands of schedules.
 */
async function dueSchedules(trx: Knex.Transaction, groupId: number): Promise<DueSchedule[]> {
  const { rows } = await trx.raw<{ rows: DueSchedule[] }>(
    `SELECT s.id, s.group_id, s.tenant_contract_id, s.kind, s.schedule_type, s.end_type, s.times, s.start_date::text, s.end_date::text,
            s.cron, s.amount_pence, s.payment_day, u.email,
            CASE WHEN m.id IS NOT NULL THEN 'DIRECT_DEBIT' ELSE 'CARD' END AS channel, m.id AS mandate_id
       FROM payment_schedules s
       JOIN tenant_contracts tc ON tc.id = s.tenant_contract_id
       JOIN users u ON u.id = tc.user_id
       LEFT JOIN LATERAL (
         SELECT dm.id FROM direct_debit_mandates dm
          WHERE dm.tenant_contract_id = tc.id AND dm.status = 'ACTIVE' AND tc.payment_method IN ('DIRECT_DEBIT', 'DD_AND_CARD')
          ORDER BY dm.id DESC LIMIT 1) m ON true
      WHERE s.group_id = ? AND s.status = 'ACTIVE' AND s.kind = ANY(?) AND s.amount_pence > 0
        AND (m.id IS NOT NULL OR (tc.payment_method IN ('CREDIT_CARD', 'DD_AND_CARD') AND EXISTS (
              SELECT 1 FROM payment_methods pm WHERE pm.tenant_contract_id = tc.id AND pm.kind = 'CARD' AND pm.is_active)))`,
    [groupId, [...COLLECTED_KINDS]],
  );
  return rows;
}

function shape(s: DueSchedule) {
  return { kind: s.kind, scheduleType: s.schedule_type, endType: s.end_type, times: s.times, startDate: s.start_date, endDate: s.end_date, cron: s.cron, paymentDay: s.payment_day };
}

async function planGroup(trx: Knex.Transaction, boss: PgBoss, calendar: BacsCalendar, groupId: number, options: RunCollectionsOptions) {
  const { today } = options;
  const schedules = await dueSchedules(trx, groupId);
  // The furthest Direct Debit collection date whose file goes in today (the next working day's, past a weekend).
  const ddHorizon = addDays(calendar.earliestCollection(addDays(today, 1)), -1);
  const from = addDays(today, -LOOK_BACK_DAYS);
  const earliestDd = calendar.earliestCollection(today);
  const noticeEnds = calendar.addWorkingDays(today, options.noticeWorkingDays);

  const existing = new Set<string>();
  const ids = schedules.map((s) => s.id);
  for (let i = 0; i < ids.length; i += 10_000) {
    const rows: Array<{ schedule_id: number; occurrence_date: string }> = await trx('collections')
      .whereIn('schedule_id', ids.slice(i, i + 10_000))
      .where('occurrence_date', '>=', from)
      .select('schedule_id', trx.raw('occurrence_date::text AS occurrence_date'));
    for (const row of rows) existing.add(`${row.schedule_id}:${row.occurrence_date}`);
  }
  const noticed = new Set<string>(
    (await trx('advance_notices').where({ group_id: groupId }).select('schedule_id', 'amount_pence')).map((r: { schedule_id: number; amount_pence: number }) => `${r.schedule_id}:${r.amount_pence}`),
  );

  const toCreate: Array<{ schedule: DueSchedule; occurrence: string; collectionDate: string }> = [];
  let notices = 0;
  // Bacs takes files on working days only: on a weekend or bank holiday Direct Debits wait for the next one.
  const ddToday = calendar.isWorkingDay(today);
  for (const schedule of schedules) {
    const dd = schedule.channel === 'DIRECT_DEBIT';
    if (dd && !ddToday) continue;
    for (const occurrence of occurrencesBetween(shape(schedule), from, dd ? ddHorizon : today)) {
      if (existing.has(`${schedule.id}:${occurrence}`)) continue;
      let collectionDate = occurrence;
      if (dd) {
        collectionDate = [calendar.onOrAfter(occurrence), earliestDd].sort().at(-1)!;
        if (!noticed.has(`${schedule.id}:${schedule.amount_pence}`)) {
          // No notice yet for this amount: tell the payer now, and collect once the notice period has run.
          collectionDate = [collectionDate, calendar.onOrAfter(noticeEnds)].sort().at(-1)!;
          await sendAdvanceNotice(trx, boss, schedule, collectionDate);
          noticed.add(`${schedule.id}:${schedule.amount_pence}`);
          notices += 1;
        }
      }
      toCreate.push({ schedule, occurrence, collectionDate });
    }
  }

  for (let i = 0; i < toCreate.length; i += INSERT_CHUNK) {
    const chunk = toCreate.slice(i, i + INSERT_CHUNK);
    const payments: Array<{ id: number }> = await trx('payments')
      .insert(
        chunk.map(({ schedule, collectionDate }) => ({
          group_id: groupId,
          tenant_contract_id: schedule.tenant_contract_id,
          amount_pence: schedule.amount_pence,
          payment_date: collectionDate,
          method: schedule.channel === 'DIRECT_DEBIT' ? 'DIRECT_DEBIT' : 'CREDIT_CARD',
          status: 'OUTSTANDING',
          reference: `SCHEDULE-${schedule.id}-${collectionDate}`,
        })),
      )
      .returning('id');
    await trx('collections').insert(
      chunk.map(({ schedule, occurrence, collectionDate }, index) => ({
        group_id: groupId,
        tenant_contract_id: schedule.tenant_contract_id,
        schedule_id: schedule.id,
        occurrence_date: occurrence,
        collection_date: collectionDate,
        amount_pence: schedule.amount_pence,
        channel: schedule.channel,
        status: 'PENDING',
        payment_id: payments[index]!.id,
        mandate_id: schedule.mandate_id,
        transaction_code: schedule.channel === 'DIRECT_DEBIT' && schedule.kind === 'FINAL_PAYMENT' ? TRANSACTION_CODES.FINAL : null,
      })),
    );
  }
  return { created: toCreate.length, notices };
}

async function sendAdvanceNotice(trx: Knex.Transaction, boss: PgBoss, schedule: DueSchedule, firstCollectionDate: string): Promise<void> {
  const pounds = `£${(schedule.amount_pence / 100).toFixed(2)}`;
  const messageId = await queueEmail(trx, boss, {
    to: schedule.email,
    subject: 'Your Direct Debit: advance notice',
    text:
      `We will collect ${pounds} by Direct Debit on or soon after ${formatDisplayDate(firstCollectionDate)}` +
      (schedule.kind === 'REGULAR_PAYMENT' ? `, and ${pounds} on each following payment date of your schedule until it changes.` : '.') +
      '\n\nYou are protected by the Direct Debit Guarantee.',
    groupId: schedule.group_id,
  });
  await trx('advance_notices')
    .insert({ group_id: schedule.group_id, schedule_id: schedule.id, amount_pence: schedule.amount_pence, first_collection_date: firstCollectionDate, outbox_message_id: messageId })
    .onConflict(['schedule_id', 'amount_pence'])
    .ignore();
}

async function submitDirectDebits(trx: Knex.Transaction, calendar: BacsCalendar, group: { id: number; name: string; service_user_number: string }, options: RunCollectionsOptions): Promise<number> {
  const { today } = options;
  if (!calendar.isWorkingDay(today)) return 0;
  const already = await trx('bacs_submissions').where({ service_user_number: group.service_user_number, kind: 'COLLECTIONS', submission_date: today }).first('id');
  if (already) return 0; // today's file is gone; anything still pending goes in tomorrow's, with its date moved on
  const earliest = calendar.earliestCollection(today);
  const lastDate = addDays(calendar.earliestCollection(addDays(today, 1)), -1);
  const rows: Array<{ id: number; payment_id: number; amount_pence: number; collection_date: string; transaction_code: string | null; mandate_id: number; mandate_status: string; reference: string; sort_code: string; account_number: string | null; account_name: string; has_earlier: boolean }> = (
    await trx.raw(
      `SELECT c.id, c.payment_id, c.amount_pence, c.collection_date::text, c.transaction_code, c.mandate_id, m.status AS mandate_status, m.reference, m.sort_code, m.account_number, m.account_name,
              EXISTS (SELECT 1 FROM collections e WHERE e.mandate_id = c.mandate_id AND e.status IN ('SUBMITTED', 'SETTLED')) AS has_earlier
         FROM collections c JOIN direct_debit_mandates m ON m.id = c.mandate_id
        WHERE c.group_id = ? AND c.channel = 'DIRECT_DEBIT' AND c.status = 'PENDING' AND c.submission_id IS NULL AND c.collection_date <= ?
        ORDER BY c.id`,
      [group.id, lastDate],
    )
  ).rows;
  // A mandate cancelled, rejected or replaced since the collection was planned cannot be debited: the
  // collection fails (the payer is told, credit control sees it) rather than go to the bank and come back.
  for (const ended of rows.filter((r) => r.mandate_status !== 'ACTIVE')) {
    const reason = 'The Direct Debit instruction was cancelled before the collection date';
    await trx('collections').where({ id: ended.id, status: 'PENDING' }).update({ status: 'FAILED', failure_code: 'MANDATE', failure_reason: reason, updated_at: trx.fn.now() });
    await options.settlement.fail(trx, ended.payment_id, reason);
  }
  const live = rows.filter((r) => r.mandate_status === 'ACTIVE');
  const payable = live.filter((r) => r.account_number !== null);
  const unpayable = live.filter((r) => r.account_number === null).map((r) => r.id);
  if (unpayable.length) {
    await trx('collections').whereIn('id', unpayable).update({ failure_reason: 'Mandate has no full account number: ask the payer to set up the Direct Debit again', updated_at: trx.fn.now() });
  }
  if (payable.length === 0) return 0;

  const items: DebitItem[] = payable.map((r) => ({
    sortCode: r.sort_code,
    accountNumber: r.account_number!.padStart(8, '0'),
    accountName: r.account_name,
    reference: r.reference,
    amountPence: r.amount_pence,
    kind: r.transaction_code === TRANSACTION_CODES.FINAL ? 'FINAL' : r.transaction_code === TRANSACTION_CODES.REPRESENTED ? 'REPRESENTED' : r.has_earlier ? 'REGULAR' : 'FIRST',
  }));
  const file = writeCollectionsFile({ serviceUser: serviceUser(group.service_user_number, group.name), processingDate: calendar.processingDay(earliest), createdOn: today, fileNumber: 1 }, items);
  await options.beforeStoringFile?.(group.id);
  const [submission] = await trx('bacs_submissions')
    .insert({
      group_id: group.id,
      service_user_number: group.service_user_number,
      kind: 'COLLECTIONS',
      submission_date: today,
      processing_date: calendar.processingDay(earliest),
      item_count: items.length,
      total_pence: items.reduce((sum, item) => sum + item.amountPence, 0),
      file,
    })
    .returning('id');
  const CODES = { FIRST: '01', REGULAR: '17', REPRESENTED: '18', FINAL: '19' } as const;
  // All of a file's debits collect on the same day (a single-day file): a late one moves to that day.
  await trx.raw(
    `UPDATE collections c SET status = 'SUBMITTED', submission_id = ?, collection_date = GREATEST(c.collection_date, ?::date), transaction_code = v.code, updated_at = now()
       FROM unnest(?::bigint[], ?::text[]) AS v(id, code) WHERE c.id = v.id`,
    [submission.id, earliest, payable.map((r) => r.id), items.map((item) => CODES[item.kind])],
  );
  await trx.raw(
    `UPDATE payments p SET payment_date = c.collection_date, updated_at = now() FROM collections c WHERE c.submission_id = ? AND p.id = c.payment_id AND p.payment_date <> c.collection_date`,
    [submission.id],
  );
  return items.length;
}

async function chargeCards(db: Knex, groupId: number, options: RunCollectionsOptions): Promise<{ settled: number; failed: number }> {
  const pending: Array<{ id: number; tenant_contract_id: number; amount_pence: number; payment_id: number }> = await db('collections')
    .where({ group_id: groupId, channel: 'CARD', status: 'PENDING' })
    .where('collection_date', '<=', options.today)
    .orderBy('id')
    .select('id', 'tenant_contract_id', 'amount_pence', 'payment_id');
  let settled = 0;
  let failed = 0;
  // Charged CARD_CHUNK at a time, concurrently (each with its own idempotency key), then recorded in one
  // transaction per chunk: a commit per charge made a day of 25,000 card payers wait on 25,000 disk flushes.
  // A chunk is recorded while the next one is being charged (the database and the provider work side by
  // side); a chunk whose recording fails is rolled back whole and stops the run: its charges are taken again
  // on the retry with the same keys, which the provider answers with the same charge.
  const record = (chunk: typeof pending, outcomes: Awaited<ReturnType<CardChargePort['charge']>>[]) =>
    db.transaction(async (trx) => {
      // Only still-PENDING collections move: a concurrent run that charged one first wins, and the provider's
      // idempotency key made the second charge the same charge. Then their payments, all at once.
      const moved: Array<{ payment_id: number; status: string; failure_reason: string | null }> = (
        await trx.raw(
          `UPDATE collections c SET status = v.status, failure_reason = v.reason, updated_at = now()
             FROM unnest(?::bigint[], ?::text[], ?::text[]) AS v(id, status, reason)
            WHERE c.id = v.id AND c.status = 'PENDING'
        RETURNING c.payment_id, c.status, c.failure_reason`,
          [
            chunk.map((c) => c.id),
            outcomes.map((o) => (o.status === 'SUCCEEDED' ? 'SETTLED' : 'FAILED')),
            outcomes.map((o) => (o.status === 'FAILED' ? o.reason : null)) as string[],
          ],
        )
      ).rows;
      settled += await options.settlement.settleMany(trx, moved.filter((m) => m.status === 'SETTLED').map((m) => Number(m.payment_id)));
      failed += await options.settlement.failMany(
        trx,
        moved.filter((m) => m.status === 'FAILED').map((m) => ({ paymentId: Number(m.payment_id), reason: m.failure_reason ?? 'The card payment did not go through.' })),
      );
    });
  let recording: Promise<void> = Promise.resolve();
  for (let i = 0; i < pending.length; i += CARD_CHUNK) {
    const chunk = pending.slice(i, i + CARD_CHUNK);
    const charging = Promise.all(
      chunk.map((collection) =>
        options.cards.charge({ groupId, tenantContractId: collection.tenant_contract_id, amountPence: collection.amount_pence, idempotencyKey: `collection-${collection.id}` }),
      ),
    );
    // Both settle before the next chunk starts: at most one chunk charged and one recorded at a time. (If the
    // recording fails first, the charges in flight still finish; their failure, if any, is not left unhandled.)
    charging.catch(() => undefined);
    const [outcomes] = await Promise.all([charging, recording]);
    recording = record(chunk, outcomes);
  }
  await recording;
  return { settled, failed };
}
