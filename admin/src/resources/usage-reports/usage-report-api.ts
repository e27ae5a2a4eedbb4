import { graphqlRequest } from '@app/api/client';

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

/** The server's message, with the fields it names ("periodEnd: The period must end on or after its start"). */
function failure(errors: Array<{ message: string; extensions?: { fields?: Array<{ field: string; message: string }> } }>, status: number): Error {
  const first = errors[0];
  const fields = (first?.extensions?.fields ?? []).map((f) => `${f.field}: ${f.message}`).join('; ');
  return new Error(fields || first?.message || `HTTP ${status}`);
}

export interface UsageReportRequest {
  periodStart: string;
  periodEnd: string;
  agencyId?: string;
}

/** requestUsageReport: the uploads row is made and the job queued; answers the report IN_PROGRESS. */
export async function requestUsageReport(input: UsageReportRequest, groupId: number): Promise<UsageReportStatus> {
  const answer = await graphqlRequest<{ report: UsageReportStatus }>(
    `mutation ($periodStart: String!, $periodEnd: String!, $agencyId: ID) { report: requestUsageReport(periodStart: $periodStart, periodEnd: $periodEnd, agencyId: $agencyId) { ${FIELDS} } }`,
    { ...input, agencyId: input.agencyId || null },
    groupId,
  );
  if (answer.errors.length || !answer.data) throw failure(answer.errors, answer.status);
  return answer.data.report;
}

export async function fetchUsageReport(id: string, groupId: number): Promise<UsageReportStatus> {
  const answer = await graphqlRequest<{ report: UsageReportStatus }>(`query ($id: ID!) { report: usageReport(id: $id) { ${FIELDS} } }`, { id }, groupId);
  if (answer.errors.length || !answer.data) throw failure(answer.errors, answer.status);
  return answer.data.report;
}
