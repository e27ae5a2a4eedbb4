import type { PgBoss } from 'pg-boss';
import { CreditControlStep, type CreditControlRecord, type Knex } from '@app/db';
import { recordChanges } from '../../audit/record-change';
import { openCasesFor } from './open-cases';
import { overdueDebts } from './overdue-debts';
import { blacklistedAmong, blacklistKey } from '../outbox/email-blacklist';
import { composeStepMessage, loadTemplates, recordStepMessages, templateValues, tenantsOf, type StepMessage } from './step-messages';

/** Statuses and stages in which the ladder sends nothing: a payment plan is running, or the case is in court. */
const PAUSED_STATUSES = new Set(['DEBT_SCHEDULE_AGREED']);
const PAUSED_STAGES = new Set(['LEGAL', 'DEBT_RESOLVED']);
/** Steps a vulnerable tenant never receives: staff call them instead. */
const NOT_ON_THE_GENTLE_PATH = new Set(['WARNING_OF_JUDGEMENT']);
const CHUNK = 1_000;

export interface LadderOutcome {
  /** Contracts that owe something today (overdue or not yet). */
  contractsInDebt: number;
  casesOpened: number;
  casesResolved: number;
  messagesQueued: number;
  callTasks: number;
  notSent: number;
  paused: number;
}

/**
 * The daily credit-control run (Europe/London `today`): cases of contracts whose balance is back to zero are
 * resolved; every contract with an overdue debt has an open case; each case gets the furthest step its days
 * overdue have reached, once (a debtor first seen at 40 days gets the judgement warning, not four e-mails).
 * Chunks of contracts commit on their own; a chunk re-run after a crash finds its steps written and sends
 * nothing again.
 */
export async function runCreditControlLadder(db: Knex, boss: PgBoss, options: { today: string; payLinkBase: string; chunkSize?: number }): Promise<LadderOutcome> {
  const steps = (await CreditControlStep.query(db).where('active', true).whereNotNull('days_overdue').orderBy('days_overdue', 'desc')).filter((step) => step.email || step.sms);
  const templates = await loadTemplates(db);
  const debts = await overdueDebts(db, options.today);
  const outcome: LadderOutcome = { contractsInDebt: debts.length, casesOpened: 0, casesResolved: await resolvePaidCases(db), messagesQueued: 0, callTasks: 0, notSent: 0, paused: 0 };
  const overdue = debts.filter((debt) => debt.daysOverdue >= 1);
  const size = options.chunkSize ?? CHUNK;
  for (let start = 0; start < overdue.length; start += size) {
    const chunk = overdue.slice(start, start + size);
    await db.transaction(async (trx) => {
      const before = await trx('credit_control_records').whereIn('tenant_contract_id', chunk.map((debt) => debt.tenantContractId)).whereNot('stage', 'DEBT_RESOLVED').count({ n: '*' });
      const cases = await openCasesFor(trx, chunk);
      outcome.casesOpened += cases.size - Number(before[0]!.n);
      const tenants = await tenantsOf(trx, chunk.map((debt) => debt.tenantContractId));
      const blacklisted = await blacklistedAmong(trx, [...tenants.values()].map((tenant) => tenant.email).filter(Boolean));
      const withCard = new Set<number>(
        (await trx('payment_methods').whereIn('tenant_contract_id', chunk.map((debt) => debt.tenantContractId)).where({ kind: 'CARD', is_active: true }).distinct('tenant_contract_id')).map((row: { tenant_contract_id: number }) => row.tenant_contract_id),
      );
      const messages: StepMessage[] = [];
      for (const debt of chunk) {
        const record = cases.get(debt.tenantContractId);
        const tenant = tenants.get(debt.tenantContractId);
        if (!record || !tenant) continue;
        if (PAUSED_STATUSES.has(record.status) || PAUSED_STAGES.has(record.stage)) {
          outcome.paused += 1;
          continue;
        }
        const step = steps.find((candidate) => candidate.daysOverdue! <= debt.daysOverdue && applies(candidate.step, record, withCard.has(debt.tenantContractId)));
        if (!step) continue;
        const base = { groupId: debt.groupId, caseId: record.id, tenantContractId: debt.tenantContractId, step: step.step, daysOverdue: debt.daysOverdue, debtPence: debt.debtPence };
        if (NOT_ON_THE_GENTLE_PATH.has(step.step) && (tenant.priorityServices || record.stage === 'VULNERABLE')) {
          messages.push({ ...base, channel: 'CALL', dedupeKey: `case:${record.id}:${step.step}:CALL`, outcome: 'CALL_TASK', outbox: null });
          continue;
        }
        const values = templateValues(tenant, { amountPence: debt.debtPence, dueDate: debt.oldestDueDate, daysOverdue: debt.daysOverdue, payLinkBase: options.payLinkBase, stage: record.stage });
        const recipient = { tenant, blacklisted: Boolean(tenant.email) && blacklisted.has(blacklistKey(tenant.email)) };
        for (const channel of [step.email ? 'EMAIL' : null, step.sms ? 'SMS' : null] as const) {
          if (!channel) continue;
          const message = composeStepMessage({ ...base, dedupeKey: `case:${record.id}:${step.step}:${channel}` }, channel, recipient, templates.get(`${step.step}:${channel}`), values);
          if (message) messages.push(message);
        }
      }
      const written = await recordStepMessages(trx, boss, messages);
      outcome.messagesQueued += written.filter((message) => message.outcome === 'QUEUED').length;
      outcome.notSent += written.filter((message) => message.outcome === 'NO_ADDRESS' || message.outcome === 'BLACKLISTED').length;
      const calls = written.filter((message) => message.outcome === 'CALL_TASK');
      outcome.callTasks += calls.length;
      await dueForACallToday(trx, calls.map((message) => message.caseId), options.today);
    });
  }
  return outcome;
}

/** Whether a step fits the case: "no card" only without a card on file, escalation only while nobody has answered. */
function applies(step: string, record: CreditControlRecord, hasCard: boolean): boolean {
  if (step === 'NO_CARD') return !hasCard;
  if (step === 'NO_RESPONSE_ESCALATION') return record.status === 'NO_RESPONSE_YET';
  return true;
}

/** Open cases whose contract no longer owes anything close as DEBT_RESOLVED (audited as the system's). */
async function resolvePaidCases(db: Knex): Promise<number> {
  return db.transaction(async (trx) => {
    const { rows } = await trx.raw(
      `UPDATE credit_control_records c SET stage = 'DEBT_RESOLVED', next_chased_date = NULL, updated_at = now()
         FROM (SELECT o.id, o.stage FROM credit_control_records o
                WHERE o.stage <> 'DEBT_RESOLVED'
                  AND coalesce((SELECT sum(l.amount_pence) FROM ledger_entries l WHERE l.tenant_contract_id = o.tenant_contract_id), 0) <= 0
                  FOR UPDATE) old
        WHERE c.id = old.id
       RETURNING c.id, old.stage AS stage_before`,
    );
    await recordChanges(
      trx,
      rows.map((row: { id: number; stage_before: string }) => ({ action: 'UPDATE' as const, entity: 'credit_control_records', entityId: row.id, actorUserId: null, before: { stage: row.stage_before }, after: { stage: 'DEBT_RESOLVED', resolvedBy: 'credit control: the balance is paid' } })),
    );
    return rows.length;
  });
}

/** A call task puts the case on today's list (the board's "due today"), unless it was chased today already. */
async function dueForACallToday(trx: Knex, caseIds: readonly number[], today: string): Promise<void> {
  if (caseIds.length === 0) return;
  await trx('credit_control_records')
    .whereIn('id', [...caseIds])
    .where((query) => query.whereNull('last_chased_date').orWhere('last_chased_date', '<', today))
    .update({ next_chased_date: today, updated_at: trx.fn.now() });
}
