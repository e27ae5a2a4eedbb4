import { getToken } from '@app/api/client';
import { callGraphql } from '../../providers/graphql-action';
import { requestHeaders } from '../../providers/requestHeaders';

/** What the button reads of a usage report (GraphQL type UsageReport). */
export interface UsageReportStatus {
  id: string;
  fileName: string;
  status: 'IN_PROGRESS' | 'READY' | 'FAILED' | string;
  progress: number;
  error: string | null;
  downloadPath: string | null;
}

const FIELDS = 'id fileName status progress error downloadPath';


export interface UsageReportRequest {
  periodStart: string;
  periodEnd: string;
  agencyId?: string;
}

/** requestUsageReport: the uploads row is made and the job queued; answers the report IN_PROGRESS. */
export async function requestUsageReport(input: UsageReportRequest, groupId: number): Promise<UsageReportStatus> {
  const answer = await callGraphql<{ report: UsageReportStatus }>(
    `mutation ($periodStart: String!, $periodEnd: String!, $agencyId: ID) { report: requestUsageReport(periodStart: $periodStart, periodEnd: $periodEnd, agencyId: $agencyId) { ${FIELDS} } }`,
    { ...input, agencyId: input.agencyId || null },
    groupId,
  );
  return answer.report;
}

export async function fetchUsageReport(id: string, groupId: number): Promise<UsageReportStatus> {
  return (await callGraphql<{ report: UsageReportStatus }>(`query ($id: ID!) { report: usageReport(id: $id) { ${FIELDS} } }`, { id }, groupId)).report;
}

/**
 * GET /api/v2/usage-reports/:id?wait=<ms>: a long-poll the server answers at once when the report is READY or
 * FAILED, else the moment the job changes it (its progress), else after `waitMs` (at most 25 s).
 */
export async function followUsageReport(id: string, groupId: number, waitMs: number, signal?: AbortSignal): Promise<UsageReportStatus> {
  const res = await fetch(`/api/v2/usage-reports/${encodeURIComponent(id)}?wait=${waitMs}`, { credentials: 'omit', headers: requestHeaders(groupId, getToken()), cache: 'no-store', signal });
  const body: unknown = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error((body as { error?: { message?: string } }).error?.message ?? `HTTP ${res.status}`);
  return body as UsageReportStatus;
}
