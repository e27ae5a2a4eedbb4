import type { PgBoss } from 'pg-boss';
import type { Knex } from '@app/db';
import { DomainError } from '../../../errors/domain-error';
import { readSystemCurrentDate } from '../../settings/read-current-date.service';
import { BILLING_RUN_MESSAGES } from '../billing-rules';
import { scheduleAutomatedBilling } from '../bill-runs.service';
import { automationPeriodFor } from './automation-period';
import { readGroupAutomations } from './automation-settings';

/*
 * The `billing.automation` job (daily, 05:00 Europe/London): for each group with automated billing on, when
 * today (the product's London date) is the group's billing day, schedules an automated bill run of the
 * previous calendar month; the run's fan-out job is enqueued with it. The specification's two refusals,
 * "Only one automation per day" and "Already scheduled for the period", mean the work is already done: the
 * group is reported as having nothing to do and the job succeeds. Any other error fails the job once every
 * group has been tried, so the queue retries it; the groups already scheduled then have nothing to do.
 */

const NOTHING_TO_DO: readonly string[] = [BILLING_RUN_MESSAGES.onlyOneAutomationPerDay, BILLING_RUN_MESSAGES.alreadyScheduledForPeriod];

export type GroupAutomationOutcome =
  | { groupId: number; status: 'SCHEDULED'; billRunId: number; periodStart: string; periodEnd: string }
  | { groupId: number; status: 'NOTHING_TO_DO'; reason: string; periodStart: string; periodEnd: string }
  | { groupId: number; status: 'NOT_BILLING_DAY'; billingDay: number }
  | { groupId: number; status: 'INVALID_SETTING' | 'FAILED'; reason: string };

export interface BillingAutomationOutput {
  today: string;
  featureEnabled: boolean;
  groups: GroupAutomationOutcome[];
}

export async function runBillingAutomation(db: Knex, boss: PgBoss): Promise<BillingAutomationOutput> {
  const today = await readSystemCurrentDate(db);
  const { featureEnabled, groups } = await readGroupAutomations(db);
  const outcomes: GroupAutomationOutcome[] = [];
  for (const group of groups) {
    if ('invalid' in group) {
      outcomes.push({ groupId: group.groupId, status: 'INVALID_SETTING', reason: group.invalid });
      continue;
    }
    const period = automationPeriodFor(today, group.billingDay);
    if (!period) {
      outcomes.push({ groupId: group.groupId, status: 'NOT_BILLING_DAY', billingDay: group.billingDay });
      continue;
    }
    try {
      const run = await scheduleAutomatedBilling({ db, boss, userId: null, groupId: group.groupId }, period);
      outcomes.push({ groupId: group.groupId, status: 'SCHEDULED', billRunId: run.id, ...period });
    } catch (error) {
      if (error instanceof DomainError && NOTHING_TO_DO.includes(error.message)) outcomes.push({ groupId: group.groupId, status: 'NOTHING_TO_DO', reason: error.message, ...period });
      else outcomes.push({ groupId: group.groupId, status: 'FAILED', reason: error instanceof Error ? error.message : String(error) });
    }
  }
  const failed = outcomes.flatMap((outcome) => (outcome.status === 'FAILED' ? [`group ${outcome.groupId}: ${outcome.reason}`] : []));
  if (failed.length) throw new Error(`Automated billing failed for ${failed.join('; ')}`);
  return { today, featureEnabled, groups: outcomes };
}
