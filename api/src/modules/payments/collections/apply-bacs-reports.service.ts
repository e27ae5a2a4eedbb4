import type { PgBoss } from 'pg-boss';
import type { Knex } from '@app/db';
import { formatLongDate, formatPounds } from '../../../rules';
import { queueEmail } from '../../outbox/queue-message.service';
import { mandateEndedByBank } from '../direct-debit/end-mandate';
import type { BacsCalendar } from '../bacs/bacs-calendar';
import type { BacsBureau } from '../bacs/bureau';
import { REPORT_PARSERS, type ReportAdvice } from '../bacs/reports';
import { TRANSACTION_CODES } from '../bacs/transaction-codes';
import type { SettlementPort } from './ports';

export interface BureauRunResult {
  filesSent: number;
  reportsRead: number;
  advicesApplied: number;
  failed: number;
  reversed: number;
  represented: number;
  settled: number;
  mandatesActivated: number;
}

export interface BureauDayOptions {
  bureau: BacsBureau;
  calendar: BacsCalendar;
  settlement: SettlementPort;
  /** Sends the payer's notice of a re-presentation (through the outbox, in the advice's transaction). */
  boss: PgBoss;
  today: string;
}

/** A returned debit goes once more no sooner than this many working days after the payer is told. */
export const REPRESENTATION_NOTICE_WORKING_DAYS = 5;

/**
 * The bureau's side of a day, read before the day's collections are planned so that what the bureau said
 * (a cancelled or rejected mandate, a returned debit) counts today:
 *
 * 1. each report the bureau has for today that was not read before is applied, and recorded in
 *    `bacs_reports` in the same transaction (a report listed again is skipped, so a day run twice changes
 *    nothing and reads nothing twice);
 * 2. every submitted Direct Debit whose return window has closed (ARUDD comes by two working days after the
 *    collection date) with no return is SETTLED and posts its credit;
 * 3. every mandate lodged (AUDDIS 0N) whose processing day has passed without a rejection becomes ACTIVE;
 * 4. every file whose outcome is known (all its debits settled or returned; an AUDDIS file past its processing
 *    day) is REPORTED.
 */
export async function receiveBureauDay(db: Knex, options: BureauDayOptions): Promise<Omit<BureauRunResult, 'filesSent'>> {
  const { bureau, calendar, settlement, today } = options;
  const result = { reportsRead: 0, advicesApplied: 0, failed: 0, reversed: 0, represented: 0, settled: 0, mandatesActivated: 0 };
  const reports = await bureau.reportsOn(today);
  const read = new Set<string>(
    reports.length ? (await db('bacs_reports').whereIn('name', reports.map((r) => r.name)).select('name')).map((r: { name: string }) => r.name) : [],
  );
  for (const report of reports.filter((r) => !read.has(r.name))) {
    const advices = REPORT_PARSERS[report.kind](report.xml);
    await db.transaction(async (trx) => {
      // The unique name makes a second reader of the same report (two workers, a retried job) roll back here.
      await trx('bacs_reports').insert({ name: report.name, kind: report.kind, report_date: today, advice_count: advices.length, xml: report.xml });
      for (const advice of advices) {
        const outcome = await applyAdvice(trx, options, advice);
        result.advicesApplied += 1;
        if (outcome === 'failed' || outcome === 'represented') result.failed += 1;
        if (outcome === 'represented') result.represented += 1;
        if (outcome === 'reversed') result.reversed += 1;
      }
    });
    result.reportsRead += 1;
  }

  const submitted: Array<{ id: number; payment_id: number; collection_date: string }> = await db('collections')
    .where({ channel: 'DIRECT_DEBIT', status: 'SUBMITTED' })
    .where('collection_date', '<=', today)
    .select('id', 'payment_id', db.raw('collection_date::text AS collection_date'));
  const due = submitted.filter((c) => calendar.addWorkingDays(c.collection_date, 2) <= today);
  for (let i = 0; i < due.length; i += 1000) {
    await db.transaction(async (trx) => {
      const moved: number[] = await trx('collections')
        .whereIn('id', due.slice(i, i + 1000).map((c) => c.id))
        .where({ status: 'SUBMITTED' })
        .update({ status: 'SETTLED', updated_at: trx.fn.now() })
        .returning('payment_id')
        .then((rows: Array<{ payment_id: number }>) => rows.map((row) => Number(row.payment_id)));
      result.settled += await settlement.settleMany(trx, moved);
    });
  }

  // A collections file whose every debit has its outcome (settled or returned) is REPORTED on its screen.
  await db.raw(
    `UPDATE bacs_submissions s SET status = 'REPORTED', updated_at = now()
      WHERE s.status = 'SUBMITTED' AND s.kind = 'COLLECTIONS' AND s.bureau_reference IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM collections c WHERE c.submission_id = s.id AND c.status = 'SUBMITTED')`,
  );

  const lodged: Array<{ id: number; lodged_on: string }> = await db('direct_debit_mandates').where({ status: 'PENDING' }).whereNotNull('lodged_on').select('id', db.raw('lodged_on::text AS lodged_on'));
  const active = lodged.filter((m) => calendar.addWorkingDays(m.lodged_on, 2) <= today).map((m) => m.id);
  if (active.length) {
    result.mandatesActivated = await db('direct_debit_mandates').whereIn('id', active).where({ status: 'PENDING' }).update({ status: 'ACTIVE', direct_debit_status: 'ARRANGED', updated_at: db.fn.now() });
  }
  // An AUDDIS file past its processing day has had its answer (any rejection came on that day).
  const lodgements: Array<{ id: number; submission_date: string }> = await db('bacs_submissions').where({ kind: 'AUDDIS', status: 'SUBMITTED' }).whereNotNull('bureau_reference').select('id', db.raw('submission_date::text AS submission_date'));
  const answered = lodgements.filter((f) => calendar.addWorkingDays(f.submission_date, 2) <= today).map((f) => f.id);
  if (answered.length) await db('bacs_submissions').whereIn('id', answered).update({ status: 'REPORTED', updated_at: db.fn.now() });
  return result;
}

/** Files written by the collections run and not yet sent go to the bureau (sending one twice is a no-op there). */
export async function sendBureauFiles(db: Knex, bureau: BacsBureau): Promise<number> {
  const unsent: Array<{ id: number; service_user_number: string; kind: string; submission_date: string; file: string }> = await db('bacs_submissions')
    .whereNull('bureau_reference')
    .orderBy('id')
    .select('id', 'service_user_number', 'kind', db.raw('submission_date::text AS submission_date'), 'file');
  for (const submission of unsent) {
    const reference = await bureau.submit(`${submission.service_user_number}_${submission.kind}.txt`, submission.file, submission.submission_date);
    await db('bacs_submissions').where({ id: submission.id }).update({ bureau_reference: reference, updated_at: db.fn.now() });
  }
  return unsent.length;
}

/** Files out, then the day's reports in: what tests use to step a Direct Debit through the bureau's clock. */
export async function runBureauDay(db: Knex, options: BureauDayOptions): Promise<BureauRunResult> {
  const filesSent = await sendBureauFiles(db, options.bureau);
  return { filesSent, ...(await receiveBureauDay(db, options)) };
}

type AdviceOutcome = 'failed' | 'represented' | 'reversed' | 'mandate' | 'none';

/** One advice: the collection it names (by mandate reference and amount) and the mandate, moved as its reason code says. */
export async function applyAdvice(trx: Knex.Transaction, options: Pick<BureauDayOptions, 'settlement' | 'calendar' | 'boss' | 'today'>, advice: ReportAdvice): Promise<AdviceOutcome> {
  const mandate: { id: number; tenant_contract_id: number; status: string } | undefined = await trx('direct_debit_mandates').where({ reference: advice.reference }).first('id', 'tenant_contract_id', 'status');
  if (!mandate) return 'none';
  let outcome: AdviceOutcome = 'none';
  const reason = `${advice.report} ${advice.reasonCode}: ${advice.action.description}`;
  if (advice.action.payment === 'FAIL' || advice.action.payment === 'REVERSE') {
    const from = advice.action.payment === 'FAIL' ? 'SUBMITTED' : 'SETTLED';
    const query = trx('collections').where({ mandate_id: mandate.id, status: from, channel: 'DIRECT_DEBIT' });
    if (advice.amountPence !== null) query.where({ amount_pence: advice.amountPence });
    const collection: ReturnedCollection | undefined = await query
      .orderBy('collection_date', 'desc')
      .first('id', 'payment_id', 'attempt', 'group_id', 'tenant_contract_id', 'schedule_id', 'amount_pence', 'mandate_id', trx.raw('occurrence_date::text AS occurrence_date'), trx.raw('collection_date::text AS collection_date'));
    if (collection) {
      await trx('collections')
        .where({ id: collection.id, status: from })
        .update({ status: 'FAILED', failure_code: `${advice.report}-${advice.reasonCode}`.slice(0, 8), failure_reason: reason, updated_at: trx.fn.now() });
      if (from === 'SUBMITTED') {
        await options.settlement.fail(trx, collection.payment_id, reason);
        outcome = advice.action.represent && collection.attempt === 1 && (await represent(trx, options, collection)) ? 'represented' : 'failed';
      } else {
        await options.settlement.reverse(trx, collection.payment_id, reason);
        outcome = 'reversed';
      }
    }
  }
  const mandateChange: Record<string, unknown> | null =
    advice.action.mandate === 'CANCEL'
      ? { status: 'CUSTOMER_CANCELLED' }
      : advice.action.mandate === 'REJECT'
        ? { status: 'FAILED' }
        : advice.action.mandate === 'REINSTATE'
          ? { status: 'ACTIVE' }
          : advice.action.mandate === 'UPDATE' && advice.newSortCode && advice.newAccountNumber
            ? { sort_code: advice.newSortCode, account_number: advice.newAccountNumber, account_number_ending: advice.newAccountNumber.slice(-4), ...(advice.newAccountName ? { account_name: advice.newAccountName } : {}) }
            : null;
  if (mandateChange) {
    await trx('direct_debit_mandates').where({ id: mandate.id }).update({ ...mandateChange, updated_at: trx.fn.now() });
    if (outcome === 'none') outcome = 'mandate';
    // A mandate the bank ended while in force or on its way (not one the payer was already cancelling with us):
    // the contract moves to its card and the payer is told, once.
    const ended = mandateChange.status === 'CUSTOMER_CANCELLED' || mandateChange.status === 'FAILED';
    if (ended && ['PENDING', 'ACTIVE'].includes(mandate.status)) {
      await mandateEndedByBank(trx, options.boss, { id: mandate.id, tenantContractId: mandate.tenant_contract_id }, advice.action.description);
    }
  }
  return outcome;
}

interface ReturnedCollection {
  id: number;
  payment_id: number;
  attempt: number;
  group_id: number;
  tenant_contract_id: number;
  schedule_id: number;
  amount_pence: number;
  mandate_id: number;
  occurrence_date: string;
  collection_date: string;
}

/**
 * A debit returned "refer to payer" (ARUDD 0, nearly always insufficient funds) goes once more, as Bacs
 * allows: a second collection of the same occurrence (transaction code 18) with a payment of its own, dated
 * after the payer has been told (5 working days) and within a month of the original date. Later than that it
 * is left to credit control.
 */
async function represent(trx: Knex.Transaction, options: Pick<BureauDayOptions, 'calendar' | 'boss' | 'today'>, returned: ReturnedCollection): Promise<boolean> {
  const date = options.calendar.onOrAfter(options.calendar.addWorkingDays(options.today, REPRESENTATION_NOTICE_WORKING_DAYS));
  const lastDate = new Date(Date.parse(`${returned.collection_date}T00:00:00Z`));
  lastDate.setUTCMonth(lastDate.getUTCMonth() + 1);
  if (date > lastDate.toISOString().slice(0, 10)) return false;
  const [payment] = await trx('payments')
    .insert({
      group_id: returned.group_id,
      tenant_contract_id: returned.tenant_contract_id,
      amount_pence: returned.amount_pence,
      payment_date: date,
      method: 'DIRECT_DEBIT',
      status: 'OUTSTANDING',
      reference: `SCHEDULE-${returned.schedule_id}-${returned.occurrence_date}-R`,
    })
    .returning('id');
  const inserted = await trx('collections')
    .insert({
      group_id: returned.group_id,
      tenant_contract_id: returned.tenant_contract_id,
      schedule_id: returned.schedule_id,
      occurrence_date: returned.occurrence_date,
      collection_date: date,
      amount_pence: returned.amount_pence,
      channel: 'DIRECT_DEBIT',
      status: 'PENDING',
      payment_id: payment.id,
      mandate_id: returned.mandate_id,
      transaction_code: TRANSACTION_CODES.REPRESENTED,
      attempt: 2,
      represents_id: returned.id,
    })
    .onConflict(['schedule_id', 'occurrence_date', 'attempt'])
    .ignore()
    .returning('id');
  if (inserted.length === 0) return false;
  const payer: { email: string } | undefined = await trx('tenant_contracts as tc').join('users as u', 'u.id', 'tc.user_id').where('tc.id', returned.tenant_contract_id).first('u.email');
  if (payer) {
    await queueEmail(trx, options.boss, {
      to: payer.email,
      subject: 'Your Direct Debit was returned: we will try again',
      text:
        `Your bank returned the Direct Debit of ${formatPounds(returned.amount_pence)} due on ${formatLongDate(returned.collection_date)}. ` +
        `We will collect it again on or soon after ${formatLongDate(date)}: please make sure the money is in your account.` +
        '\n\nIf you cannot pay, reply to this e-mail or call us and we will agree a plan with you.\n\nYou are protected by the Direct Debit Guarantee.',
      groupId: returned.group_id,
    });
  }
  return true;
}
