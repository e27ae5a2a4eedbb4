import crypto from 'node:crypto';
import type { PgBoss } from 'pg-boss';
import type { Knex } from '@app/db';
import { recordChange } from '../../audit/record-change';
import { DomainError } from '../../errors/domain-error';
import { enqueue } from '../../jobs/enqueue';
import { resourceSpec } from '../../rules';
import { checkPeriod } from '../finance/finance-rules';
import { requireGroup } from '../records/record-scope';
import { toUsageReportView, usageReports, type UsageReportRow, type UsageReportView } from './usage-report-files';

export interface UsageReportCaller {
  db: Knex;
  boss: PgBoss;
  userId: number;
  groupId: number | null;
  /**
   * The agencies the caller may report on (the agent portal: the agent's agencies); absent for staff, who may
   * report on the whole group or any one agency.
   */
  agencyScope?: readonly number[];
}

export interface UsageReportInput {
  periodStart: string;
  periodEnd: string;
  agencyId?: string | number | null;
}

export const USAGE_REPORT_MESSAGES = {
  periodTooLong: 'A usage report covers at most 366 days: ask for one per year',
  agencyNotFound: (id: string) => `No agency ${id}`,
  agencyRequired: 'Choose one of your agencies',
  agencyOutOfScope: 'This agency is not one of yours',
} as const;

const MAX_DAYS = 366;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/** A usage period: two dates, the first on or before the second, at most a year (366 days) apart. */
export function checkUsagePeriod(input: { periodStart: string; periodEnd: string }): { periodStart: string; periodEnd: string } {
  const period = checkPeriod({ periodStart: input.periodStart, periodEnd: input.periodEnd });
  if (dayNumber(period.periodEnd) - dayNumber(period.periodStart) + 1 > MAX_DAYS) {
    throw DomainError.invalid([{ field: 'periodEnd', rule: 'maxPeriod', message: USAGE_REPORT_MESSAGES.periodTooLong }]);
  }
  return period;
}

async function checkAgency(db: Knex, value: UsageReportInput['agencyId'], scope: readonly number[] | undefined): Promise<number | null> {
  const blank = value === undefined || value === null || value === '';
  if (blank) {
    if (scope) throw DomainError.invalid([{ field: 'agencyId', rule: 'required', message: USAGE_REPORT_MESSAGES.agencyRequired }]);
    return null;
  }
  const text = String(value);
  const found = /^\d{1,9}$/.test(text) ? await db('agencies').where({ id: Number(text) }).first('id') : undefined;
  if (!found) throw DomainError.invalid([{ field: 'agencyId', rule: 'reference', message: USAGE_REPORT_MESSAGES.agencyNotFound(text) }]);
  if (scope && !scope.includes(Number(text))) throw new DomainError('FORBIDDEN', USAGE_REPORT_MESSAGES.agencyOutOfScope);
  return Number(text);
}

/**
 * Asks for a usage report of the X-Group-ID group over a period (dates inclusive, at most a year), of one
 * agency or all: an uploads row USAGE_REPORT (IN_PROGRESS) and its `reports.usage` job in one transaction,
 * audited. The job writes the CSV (minutes for a large portfolio) and marks the row READY or FAILED.
 */
export async function requestUsageReport(caller: UsageReportCaller, input: UsageReportInput): Promise<UsageReportView> {
  const groupId = requireGroup(resourceSpec('Upload'), caller.groupId);
  const period = checkUsagePeriod(input);
  const agencyId = await checkAgency(caller.db, input.agencyId, caller.agencyScope);
  const fileName = `usage-report-${period.periodStart}-${period.periodEnd}${agencyId === null ? '' : `-agency-${agencyId}`}.csv`;
  return caller.db.transaction(async (trx) => {
    const [row] = (await trx('uploads')
      .insert({
        group_id: groupId,
        resource_type: 'USAGE_REPORT',
        file_name: fileName,
        content_type: 'text/csv; charset=utf-8',
        size_bytes: 0,
        storage_key: `usage-reports/${groupId}/${crypto.randomUUID()}.csv`,
        uploaded_by_user_id: caller.userId,
        status: 'IN_PROGRESS',
        agency_id: agencyId,
        period_start: period.periodStart,
        period_end: period.periodEnd,
      })
      .returning('*')) as UsageReportRow[];
    await recordChange(trx, { action: 'INSERT', entity: 'uploads', entityId: row!.id, actorUserId: caller.userId, after: row! });
    await enqueue(caller.boss, trx, 'reports.usage', { uploadId: row!.id });
    return toUsageReportView(row!);
  });
}

/** One report of the group, as its status view. */
export async function usageReportStatus(db: Knex, groupId: number | null, id: string | number): Promise<UsageReportView> {
  const group = requireGroup(resourceSpec('Upload'), groupId);
  const row = /^\d{1,9}$/.test(String(id)) ? await usageReports(db).where({ id: Number(id), group_id: group }).first() : undefined;
  if (!row) throw new DomainError('NOT_FOUND', `No usage report ${id}`);
  return toUsageReportView(row);
}
