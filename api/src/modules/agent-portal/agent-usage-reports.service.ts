import type { PgBoss } from 'pg-boss';
import type { Knex } from '@app/db';
import { requestUsageReport, toUsageReportView, type UsageReportInput, type UsageReportView } from '../usage-reports';
import { usageReports } from '../usage-reports/usage-report-files';
import type { AgentScope } from './agent-scope.service';

/*
 * The usage report from the agent portal: the existing `reports.usage` job over the selected agency (its
 * branches too), asked for by one of its agents, listed for every agent of that agency and downloaded through
 * the same secure link as staff's (the download checks the agent belongs to the report's agency).
 */

const SHOWN = 5;

export async function requestAgencyUsageReport(db: Knex, boss: PgBoss, scope: AgentScope, input: Pick<UsageReportInput, 'periodStart' | 'periodEnd'>): Promise<UsageReportView> {
  return requestUsageReport(
    { db, boss, userId: scope.userId, groupId: scope.agency.groupId, agencyScope: [scope.agency.id] },
    { periodStart: input.periodStart, periodEnd: input.periodEnd, agencyId: scope.agency.id },
  );
}

/** The agency's latest reports asked for by its own agents (staff's reports for the agency stay in the back office). */
export async function listAgencyUsageReports(db: Knex, scope: AgentScope): Promise<UsageReportView[]> {
  const rows = await usageReports(db)
    .where({ agency_id: scope.agency.id })
    .whereIn('uploaded_by_user_id', db('agent_agencies').where({ agency_id: scope.agency.id }).select('user_id'))
    .orderBy('id', 'desc')
    .limit(SHOWN);
  return rows.map(toUsageReportView);
}
