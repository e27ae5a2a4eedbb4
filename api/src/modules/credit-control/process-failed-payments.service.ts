import type { PgBoss } from 'pg-boss';
import { CreditControlStep, Payment, type Knex } from '@app/db';
import { recordChange } from '../../audit/record-change';
import { openCasesFor } from './open-cases';
import { composeStepMessage, loadTemplates, recordStepMessages, templateValues, tenantsOf } from './step-messages';

export const SOME_PAYMENTS_FAILED_TO_PROCESS = 'Some payments processed with errors.';
const BATCH = 200;

export interface FailedPaymentsOutcome {
  processed: number;
  textsQueued: number;
  plansResumed: number;
  /** Payments that could not be processed, with why: they stay unprocessed and the next run tries again. */
  errors: Array<{ paymentId: number; error: string }>;
  message?: string;
}

/**
 * The failed-payment job: every failure, whatever its source (a Bacs return, a mandate cancelled or refused,
 * an indemnity claim, a declined card, a provider's webhook), has already marked its payment FAILED and
 * reversed its credit (failPayments); this takes each such payment once and opens or advances credit control
 * for the contract that owes it (never a housemate's), resumes the ladder if the payment belonged to an
 * agreed repayment plan, and texts the tenant at once. A payment that cannot be processed keeps its error on
 * record (shown in the back office) while the others go on; running the job again retries it.
 */
export async function processFailedPayments(db: Knex, boss: PgBoss, options: { payLinkBase: string; batchSize?: number }): Promise<FailedPaymentsOutcome> {
  const outcome: FailedPaymentsOutcome = { processed: 0, textsQueued: 0, plansResumed: 0, errors: [] };
  const step = await CreditControlStep.query(db).findOne({ step: 'FAILED_PAYMENT' });
  const templates = await loadTemplates(db);
  let afterId = 0;
  for (;;) {
    const done = await db.transaction(async (trx) => {
      const payments = await Payment.query(trx)
        .where('status', 'FAILED')
        .whereNull('failure_processed_at')
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(options.batchSize ?? BATCH)
        .forUpdate()
        .skipLocked();
      if (payments.length === 0) return true;
      afterId = payments.at(-1)!.id;
      const tenants = await tenantsOf(trx, payments.map((payment) => payment.tenantContractId));
      for (const payment of payments) {
        try {
          // A savepoint per payment: one that fails leaves the others of the batch processed.
          await trx.transaction(async (savepoint) => {
            const cases = await openCasesFor(savepoint, [{ tenantContractId: payment.tenantContractId, groupId: payment.groupId }]);
            const record = cases.get(payment.tenantContractId)!;
            if (await resumesAgreedPlan(savepoint, record.id, record.status, record.repaymentScheduleId, payment.id)) outcome.plansResumed += 1;
            const tenant = tenants.get(payment.tenantContractId);
            if (step?.active && step.sms && tenant) {
              const values = templateValues(tenant, { amountPence: payment.amountPence, payLinkBase: options.payLinkBase, reason: payment.failureReason });
              const base = { groupId: payment.groupId, caseId: record.id, tenantContractId: payment.tenantContractId, step: 'FAILED_PAYMENT', paymentId: payment.id, dedupeKey: `payment:${payment.id}:FAILED_PAYMENT:SMS` };
              const message = composeStepMessage(base, 'SMS', { tenant, blacklisted: false }, templates.get('FAILED_PAYMENT:SMS'), values);
              const written = message ? await recordStepMessages(savepoint, boss, [message]) : [];
              outcome.textsQueued += written.filter((written) => written.outcome === 'QUEUED').length;
            }
            await savepoint('payments').where({ id: payment.id }).update({ failure_processed_at: savepoint.fn.now(), failure_processing_error: null });
          });
          outcome.processed += 1;
        } catch (error) {
          const text = error instanceof Error ? error.message : String(error);
          outcome.errors.push({ paymentId: payment.id, error: text });
          await trx('payments').where({ id: payment.id }).update({ failure_processing_error: text.slice(0, 2000) });
        }
      }
      return false;
    });
    if (done) break;
  }
  if (outcome.errors.length) outcome.message = SOME_PAYMENTS_FAILED_TO_PROCESS;
  return outcome;
}

/** A payment of the agreed repayment plan failed: the plan is broken, so the case goes back on the ladder (audited). */
async function resumesAgreedPlan(trx: Knex, caseId: number, status: string, repaymentScheduleId: number | null, paymentId: number): Promise<boolean> {
  if (status !== 'DEBT_SCHEDULE_AGREED' || repaymentScheduleId === null) return false;
  const ofThePlan = await trx('collections').where({ payment_id: paymentId, schedule_id: repaymentScheduleId }).first('id');
  if (!ofThePlan) return false;
  await trx('credit_control_records').where({ id: caseId }).update({ status: 'NO_RESPONSE_YET', updated_at: trx.fn.now() });
  await recordChange(trx, { action: 'UPDATE', entity: 'credit_control_records', entityId: caseId, actorUserId: null, before: { status }, after: { status: 'NO_RESPONSE_YET', reason: `payment ${paymentId} of the agreed plan failed` } });
  return true;
}
