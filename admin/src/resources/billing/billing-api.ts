import { tokenPermissions } from '@app/api/client';
import { hasAreaLevel } from '@app/api/rules';
import { callGraphql as call } from '../../providers/graphql-action';
import { secureDownloadUrl } from '@app/api/client';

/** The bill-run mutations (billing.graphql.ts), called outside the data provider like the job console's. */
const START_BILL_RUN = 'mutation ($periodStart: String!, $periodEnd: String!) { run: startBillRun(periodStart: $periodStart, periodEnd: $periodEnd) { id } }';
const RETRY_FAILED_HOUSES = 'mutation ($billRunId: ID!) { result: retryFailedHouses(billRunId: $billRunId) { retried } }';


/** Starts a bill run of the back office's group; answers the new run's id. */
export async function startBillRun(groupId: number, periodStart: string, periodEnd: string): Promise<string> {
  return (await call<{ run: { id: string } }>(START_BILL_RUN, { periodStart, periodEnd }, groupId)).run.id;
}

/** Puts the run's failed houses back in the queue; answers how many. */
export async function retryFailedHouses(groupId: number, billRunId: string | number): Promise<number> {
  return (await call<{ result: { retried: number } }>(RETRY_FAILED_HOUSES, { billRunId: String(billRunId) }, groupId)).result.retried;
}

/** A statement's PDF link: a 5-minute download token for this one PDF rides as ?jwt= (specification §7). */
export function billPdfUrl(billId: string | number, groupId: number): Promise<string> {
  return secureDownloadUrl(`/api/v2/bills/${encodeURIComponent(String(billId))}/pdf`, groupId);
}

/** A run is finished once it has a finish time (COMPLETED or COMPLETED_WITH_FAILURES). */
export const isRunFinished = (run: { status?: string; finishedAt?: string | null } | undefined): boolean =>
  Boolean(run && (run.finishedAt || run.status === 'COMPLETED' || run.status === 'COMPLETED_WITH_FAILURES'));

/** Starting and retrying runs need billing WRITE (the catalogue's BillRun offers no edit, so not useCanAccess). */
export const canRunBilling = (): boolean => hasAreaLevel(tokenPermissions(), 'billing', 'WRITE');
