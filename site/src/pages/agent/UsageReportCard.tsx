import { useCallback, useEffect, useState } from 'react';
import { getToken } from '@app/api/client';
import { SecureDownloadLink } from '../../ui/SecureDownloadLink';
import { ukDate, type PortalContext } from './AgentPortal';

interface UsageReport {
  id: string;
  status: 'IN_PROGRESS' | 'READY' | 'FAILED';
  progress: number;
  periodStart: string;
  periodEnd: string;
  createdAt: string;
  downloadPath: string | null;
  error: string | null;
}

const REPORTS = 'query ($agencyId: Int) { agentUsageReports(agencyId: $agencyId) { id status progress periodStart periodEnd createdAt downloadPath error } }';
const REQUEST = 'mutation ($agencyId: Int, $periodStart: String!, $periodEnd: String!) { agentRequestUsageReport(agencyId: $agencyId, periodStart: $periodStart, periodEnd: $periodEnd) { id } }';
/** The longest one status call waits on the server (GET /api/v2/usage-reports/:id?wait, at most 25 s there). */
const WAIT_MS = 25_000;
/** After a status call that failed, the list is read again this much later. */
const RETRY_MS = 3000;

/**
 * Waits for a report being written to change: a long-poll the server answers the moment the job changes it
 * (its progress, READY, FAILED), so the Download link shows as soon as the file exists.
 */
async function reportChanged(id: string, signal: AbortSignal): Promise<void> {
  const token = getToken();
  try {
    const res = await fetch(`/api/v2/usage-reports/${encodeURIComponent(id)}?wait=${WAIT_MS}`, { headers: token ? { authorization: `Bearer ${token}` } : {}, cache: 'no-store', signal });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
  } catch {
    if (!signal.aborted) await new Promise((resolve) => window.setTimeout(resolve, RETRY_MS));
  }
}

/** The usage report (CSV, every meter's reads and consumption) of the period shown, asked for and downloaded here. */
export function UsageReportCard({ request, period }: { request: PortalContext['request']; period: { periodStart: string; periodEnd: string } }) {
  const [reports, setReports] = useState<UsageReport[] | null>(null);
  const [message, setMessage] = useState('');
  const load = useCallback(() => request<{ agentUsageReports: UsageReport[] }>(REPORTS).then((answer) => setReports(answer.data?.agentUsageReports ?? [])), [request]);

  useEffect(() => {
    void load();
  }, [load]);
  const writing = reports?.find((report) => report.status === 'IN_PROGRESS')?.id ?? null;
  useEffect(() => {
    if (writing === null) return undefined;
    const controller = new AbortController();
    void reportChanged(writing, controller.signal).then(() => (controller.signal.aborted ? undefined : load()));
    return () => controller.abort();
    // `reports` too: each reading of the list (a change that left the report IN_PROGRESS) waits again.
  }, [writing, reports, load]);

  const ask = async () => {
    const answer = await request(REQUEST, period);
    setMessage(answer.errors.length ? answer.errors.map((error) => error.message).join(' ') : 'We are writing your report: it will be ready to download here in a minute or two.');
    await load();
  };

  return (
    <section className="agent-card agent-usage-report" aria-labelledby="usage-report-title">
      <h2 id="usage-report-title">Usage report</h2>
      <p>
        Every meter’s opening and closing reads and consumption, {ukDate(period.periodStart)} to {ukDate(period.periodEnd)}, as a spreadsheet (CSV).
      </p>
      <button className="button" type="button" onClick={() => void ask()}>
        Create the report
      </button>
      <p role="status" className="agent-muted">
        {message}
      </p>
      {reports && reports.length > 0 && (
        <ul className="agent-list" aria-label="Your usage reports">
          {reports.map((report) => (
            <li key={report.id}>
              {ukDate(report.periodStart)} to {ukDate(report.periodEnd)}:{' '}
              {report.status === 'READY' && report.downloadPath ? (
                <SecureDownloadLink path={report.downloadPath}>Download</SecureDownloadLink>
              ) : report.status === 'FAILED' ? (
                <span className="agent-error">failed, please create it again</span>
              ) : (
                <span>being written ({report.progress}%)</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
