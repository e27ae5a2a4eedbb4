import { useCallback, useEffect, useState } from 'react';
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
/** A report takes seconds to minutes: look again this often while one is being written. */
const POLL_MS = 3000;

/** The usage report (CSV, every meter's reads and consumption) of the period shown, asked for and downloaded here. */
export function UsageReportCard({ request, period }: { request: PortalContext['request']; period: { periodStart: string; periodEnd: string } }) {
  const [reports, setReports] = useState<UsageReport[] | null>(null);
  const [message, setMessage] = useState('');
  const load = useCallback(() => request<{ agentUsageReports: UsageReport[] }>(REPORTS).then((answer) => setReports(answer.data?.agentUsageReports ?? [])), [request]);

  useEffect(() => {
    void load();
  }, [load]);
  const writing = reports?.some((report) => report.status === 'IN_PROGRESS') ?? false;
  useEffect(() => {
    if (!writing) return undefined;
    const timer = window.setInterval(() => void load(), POLL_MS);
    return () => window.clearInterval(timer);
  }, [writing, load]);

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
