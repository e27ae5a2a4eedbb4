import type { PgBoss } from 'pg-boss';
import { CreditControlRecord, CreditControlStep, type Knex } from '@app/db';
import type { AuthUser } from '../../auth/auth-user';
import { recordChange } from '../../audit/record-change';
import { DomainError } from '../../errors/domain-error';
import { CREDIT_CONTROL_STAGES, formatPounds, isCalendarDate, labelFor } from '../../rules';
import { readSystemCurrentDate } from '../settings/read-current-date.service';
import { overdueDebts } from './overdue-debts';
import { isBlacklisted } from '../outbox/email-blacklist';
import { composeStepMessage, loadTemplates, recordStepMessages, templateValues, tenantsOf } from './step-messages';

export interface StaffCaller {
  user: AuthUser | null;
  groupId: number | null;
}

/** Most cases a board shows at once (the oldest next-chased first); narrower filters show the rest. */
const BOARD_LIMIT = 500;

export const CASE_MESSAGES = {
  notFound: 'Credit control case not found.',
  unknownStage: 'Choose one of the stages',
  resolveNeedsZeroBalance: 'A case is resolved once the balance is paid',
  closed: 'This case is resolved: a new debt opens a new case',
  amount: 'Enter the amount of each repayment, from £1 to the debt owed',
  firstPaymentDate: 'The first repayment cannot be in the past',
  repaymentType: 'Choose fixed or variable repayments',
} as const;

/** The case if it is one of the caller's group; another group's id is answered as not found. */
export async function caseForCaller(db: Knex, caller: StaffCaller, caseId: unknown): Promise<CreditControlRecord> {
  const id = Number(caseId);
  const notFound = new DomainError('NOT_FOUND', CASE_MESSAGES.notFound, { fields: [{ field: 'id', rule: 'exists', message: CASE_MESSAGES.notFound }] });
  if (!Number.isInteger(id) || id <= 0 || caller.groupId === null) throw notFound;
  const record = await CreditControlRecord.query(db).findById(id);
  if (!record || record.groupId !== caller.groupId) throw notFound;
  return record;
}

/**
 * The board: the group's open cases with what staff need on a card (tenant, house, debt in £, days overdue,
 * next chased date, who has it), optionally only those due a chase today or earlier. One objection graph.
 */
export async function creditControlBoard(db: Knex, caller: StaffCaller, filters: { dueToday?: boolean | null }) {
  if (caller.groupId === null) throw new DomainError('NOT_FOUND', 'Choose a group first.');
  const today = await readSystemCurrentDate(db);
  const query = CreditControlRecord.query(db)
    .where('credit_control_records.group_id', caller.groupId)
    .whereNot('stage', 'DEBT_RESOLVED')
    .withGraphFetched('[tenantContract.[tenant, houseContract.house], assignedUser]')
    .orderByRaw('next_chased_date ASC NULLS LAST, id ASC')
    .limit(BOARD_LIMIT);
  if (filters.dueToday) query.where('next_chased_date', '<=', today);
  const cases = await query;
  const debts = new Map((await overdueDebts(db, today, { tenantContractIds: cases.map((record) => record.tenantContractId) })).map((debt) => [debt.tenantContractId, debt]));
  return {
    today,
    stages: CREDIT_CONTROL_STAGES.map((stage) => ({ value: stage, label: labelFor(stage) })),
    cases: cases.map((record) => {
      const debt = debts.get(record.tenantContractId);
      const tenant = record.tenantContract?.tenant;
      const house = record.tenantContract?.houseContract?.house;
      return {
        id: String(record.id),
        stage: record.stage,
        status: labelFor(record.status),
        tenantName: tenant ? `${tenant.firstName} ${tenant.lastName}`.trim() : 'Unknown tenant',
        house: house ? `${house.streetName}, ${house.cityName}` : null,
        debt: formatPounds(debt?.debtPence ?? 0),
        daysOverdue: debt?.daysOverdue ?? 0,
        nextChasedDate: record.nextChasedDate ? String(record.nextChasedDate).slice(0, 10) : null,
        dueToday: record.nextChasedDate !== null && String(record.nextChasedDate).slice(0, 10) <= today,
        assignedTo: record.assignedUser ? `${record.assignedUser.firstName} ${record.assignedUser.lastName}`.trim() : null,
      };
    }),
  };
}

/**
 * Moves a case to another stage (the board's drag, or its "Move to" menu), audited with who did it. The tenant
 * gets the stage-communication e-mail once per stage of the case. DEBT_RESOLVED only once nothing is owed.
 */
export async function moveCreditControlCase(db: Knex, boss: PgBoss, caller: StaffCaller & { payLinkBase: string }, input: { id: unknown; stage: unknown }) {
  const stage = String(input.stage ?? '');
  if (!(CREDIT_CONTROL_STAGES as readonly string[]).includes(stage)) throw DomainError.invalid([{ field: 'stage', rule: 'oneOf', message: CASE_MESSAGES.unknownStage }]);
  const found = await caseForCaller(db, caller, input.id);
  return db.transaction(async (trx) => {
    const record = await CreditControlRecord.query(trx).findById(found.id).forUpdate();
    if (!record) throw new DomainError('NOT_FOUND', CASE_MESSAGES.notFound);
    if (record.stage === 'DEBT_RESOLVED') throw DomainError.invalid([{ field: 'stage', rule: 'closed', message: CASE_MESSAGES.closed }]);
    if (record.stage === stage) return { id: String(record.id), stage, messageQueued: false };
    const today = await readSystemCurrentDate(trx);
    const [debt] = await overdueDebts(trx, today, { tenantContractIds: [record.tenantContractId] });
    if (stage === 'DEBT_RESOLVED' && debt) {
      throw DomainError.invalid([{ field: 'stage', rule: 'zeroBalance', message: `${CASE_MESSAGES.resolveNeedsZeroBalance} (${formatPounds(debt.debtPence)} is owed)` }]);
    }
    const before = record.stage;
    await record.$query(trx).patch({ stage });
    await recordChange(trx, { action: 'UPDATE', entity: 'credit_control_records', entityId: record.id, actorUserId: caller.user?.id ?? null, before: { stage: before }, after: { stage } });
    const messageQueued = stage !== 'DEBT_RESOLVED' && (await tellTenantOfStage(trx, boss, record, stage, debt?.debtPence ?? 0, caller.payLinkBase));
    return { id: String(record.id), stage, messageQueued };
  });
}

/** The stage-communication e-mail, if that step is on: once per case and stage (a unique key), never to a blacklisted address. */
async function tellTenantOfStage(trx: Knex.Transaction, boss: PgBoss, record: CreditControlRecord, stage: string, debtPence: number, payLinkBase: string): Promise<boolean> {
  const step = await CreditControlStep.query(trx).findOne({ step: 'STAGE_COMMUNICATION' });
  if (!step?.active || !step.email) return false;
  const tenant = (await tenantsOf(trx, [record.tenantContractId])).get(record.tenantContractId);
  if (!tenant) return false;
  const blacklisted = tenant.email ? await isBlacklisted(trx, tenant.email) : false;
  const values = templateValues(tenant, { amountPence: debtPence, payLinkBase, stage });
  const base = { groupId: record.groupId, caseId: record.id, tenantContractId: record.tenantContractId, step: 'STAGE_COMMUNICATION', debtPence, dedupeKey: `case:${record.id}:STAGE_COMMUNICATION:${stage}:EMAIL` };
  const message = composeStepMessage(base, 'EMAIL', { tenant, blacklisted }, (await loadTemplates(trx)).get('STAGE_COMMUNICATION:EMAIL'), values);
  if (!message) return false;
  const written = await recordStepMessages(trx, boss, [message]);
  return written.some((item) => item.outcome === 'QUEUED');
}

/**
 * A payment plan agreed with the tenant: a monthly REGULAR_PAYMENT schedule from the first date, the case set to
 * DEBT_SCHEDULE_AGREED with the repayment type (the ladder pauses; a failed repayment resumes it). Audited.
 */
export async function agreeRepaymentPlan(db: Knex, caller: StaffCaller, input: { caseId: unknown; amountPence: unknown; firstPaymentDate: unknown; repaymentType: unknown }) {
  const found = await caseForCaller(db, caller, input.caseId);
  const today = await readSystemCurrentDate(db);
  const [debt] = await overdueDebts(db, today, { tenantContractIds: [found.tenantContractId] });
  const amount = Number(input.amountPence);
  const errors = [];
  if (!Number.isInteger(amount) || amount < 100 || amount > (debt?.debtPence ?? 0)) errors.push({ field: 'amountPence', rule: 'range', message: `${CASE_MESSAGES.amount} (${formatPounds(debt?.debtPence ?? 0)})` });
  if (!isCalendarDate(input.firstPaymentDate) || String(input.firstPaymentDate) < today) errors.push({ field: 'firstPaymentDate', rule: 'notPast', message: CASE_MESSAGES.firstPaymentDate });
  if (input.repaymentType !== 'FIXED' && input.repaymentType !== 'VARIABLE') errors.push({ field: 'repaymentType', rule: 'oneOf', message: CASE_MESSAGES.repaymentType });
  if (errors.length) throw DomainError.invalid(errors);
  if (found.stage === 'DEBT_RESOLVED') throw DomainError.invalid([{ field: 'caseId', rule: 'closed', message: CASE_MESSAGES.closed }]);
  const firstDate = String(input.firstPaymentDate);
  return db.transaction(async (trx) => {
    const [schedule] = await trx('payment_schedules')
      .insert({ group_id: found.groupId, tenant_contract_id: found.tenantContractId, kind: 'REGULAR_PAYMENT', schedule_type: 'MONTHLY', end_type: 'TIMES', times: Math.ceil(debt!.debtPence / amount), start_date: firstDate, amount_pence: amount, payment_day: Math.min(28, Number(firstDate.slice(8, 10))), status: 'ACTIVE' })
      .returning('id');
    await CreditControlRecord.query(trx).findById(found.id).patch({ status: 'DEBT_SCHEDULE_AGREED', debtRepaymentType: String(input.repaymentType), repaymentScheduleId: schedule.id });
    await recordChange(trx, {
      action: 'UPDATE',
      entity: 'credit_control_records',
      entityId: found.id,
      actorUserId: caller.user?.id ?? null,
      before: { status: found.status, debtRepaymentType: found.debtRepaymentType, repaymentScheduleId: found.repaymentScheduleId },
      after: { status: 'DEBT_SCHEDULE_AGREED', debtRepaymentType: input.repaymentType, repaymentScheduleId: schedule.id },
    });
    return { id: String(found.id), scheduleId: String(schedule.id), repayments: Math.ceil(debt!.debtPence / amount) };
  });
}
