import type { Knex } from '@app/db';
import type { BacsCalendar } from '../bacs/bacs-calendar';
import type { BacsBureau } from '../bacs/bureau';
import { REPORT_PARSERS, type ReportAdvice } from '../bacs/reports';
import type { SettlementPort } from './ports';

export interface BureauRunResult {
  filesSent: number;
  advicesApplied: number;
  failed: number;
  reversed: number;
  settled: number;
}

/**
 * The bureau side of a day, after the collections run: files not yet sent go to the bureau; the day's reports
 * are read and applied; then every submitted Direct Debit whose return window has closed (ARUDD comes by two
 * working days after the collection date) with no return is SETTLED and posts its credit. Each step only
 * moves rows from the state it expects, so a report read twice, or a day run twice, changes nothing more.
 */
export async function runBureauDay(db: Knex, bureau: BacsBureau, calendar: BacsCalendar, settlement: SettlementPort, today: string): Promise<BureauRunResult> {
  const result: BureauRunResult = { filesSent: 0, advicesApplied: 0, failed: 0, reversed: 0, settled: 0 };
  const unsent: Array<{ id: number; service_user_number: string; kind: string; submission_date: string; file: string }> = await db('bacs_submissions')
    .whereNull('bureau_reference')
    .orderBy('id')
    .select('id', 'service_user_number', 'kind', db.raw('submission_date::text AS submission_date'), 'file');
  for (const submission of unsent) {
    const reference = await bureau.submit(`${submission.service_user_number}_${submission.kind}.txt`, submission.file, submission.submission_date);
    await db('bacs_submissions').where({ id: submission.id }).update({ bureau_reference: reference, updated_at: db.fn.now() });
    result.filesSent += 1;
  }

  for (const report of await bureau.reportsOn(today)) {
    const advices = REPORT_PARSERS[report.kind](report.xml);
    await db.transaction(async (trx) => {
      for (const advice of advices) {
        const outcome = await applyAdvice(trx, settlement, advice);
        result.advicesApplied += 1;
        if (outcome === 'failed') result.failed += 1;
        if (outcome === 'reversed') result.reversed += 1;
      }
    });
  }

  const submitted: Array<{ id: number; payment_id: number; collection_date: string }> = await db('collections')
    .where({ channel: 'DIRECT_DEBIT', status: 'SUBMITTED' })
    .where('collection_date', '<=', today)
    .select('id', 'payment_id', db.raw('collection_date::text AS collection_date'));
  const due = submitted.filter((c) => calendar.addWorkingDays(c.collection_date, 2) <= today);
  for (let i = 0; i < due.length; i += 1000) {
    await db.transaction(async (trx) => {
      for (const collection of due.slice(i, i + 1000)) {
        const moved = await trx('collections').where({ id: collection.id, status: 'SUBMITTED' }).update({ status: 'SETTLED', updated_at: trx.fn.now() });
        if (moved && (await settlement.settle(trx, collection.payment_id))) result.settled += 1;
      }
    });
  }
  return result;
}

type AdviceOutcome = 'failed' | 'reversed' | 'mandate' | 'none';

/** One advice: the collection it names (by mandate reference and date) and the mandate, moved as its reason code says. */
export async function applyAdvice(trx: Knex.Transaction, settlement: SettlementPort, advice: ReportAdvice): Promise<AdviceOutcome> {
  const mandate: { id: number } | undefined = await trx('direct_debit_mandates').where({ reference: advice.reference }).first('id');
  if (!mandate) return 'none';
  let outcome: AdviceOutcome = 'none';
  const reason = `${advice.report} ${advice.reasonCode}: ${advice.action.description}`;
  if (advice.action.payment === 'FAIL' || advice.action.payment === 'REVERSE') {
    const from = advice.action.payment === 'FAIL' ? 'SUBMITTED' : 'SETTLED';
    const query = trx('collections').where({ mandate_id: mandate.id, status: from, channel: 'DIRECT_DEBIT' });
    if (advice.amountPence !== null) query.where({ amount_pence: advice.amountPence });
    const collection: { id: number; payment_id: number } | undefined = await query.orderBy('collection_date', 'desc').first('id', 'payment_id');
    if (collection) {
      await trx('collections')
        .where({ id: collection.id, status: from })
        .update({ status: 'FAILED', failure_code: `${advice.report}-${advice.reasonCode}`.slice(0, 8), failure_reason: reason, updated_at: trx.fn.now() });
      if (from === 'SUBMITTED') {
        await settlement.fail(trx, collection.payment_id, reason);
        outcome = 'failed';
      } else {
        await settlement.reverse(trx, collection.payment_id, reason);
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
  }
  return outcome;
}
