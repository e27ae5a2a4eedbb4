import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { AgentPortal, label, ukDate, type PortalContext } from './AgentPortal';

interface Count {
  key: string;
  count: number;
}
interface Dated {
  total: number;
  nodes: Array<{ id: number; houseId: number; address: string; date: string | null; billingStatus: string | null; lastReadingDate: string | null }>;
}
interface Dashboard {
  agencyName: string;
  housesByStatus: Count[];
  contractsByAgencyStatus: Count[];
  contractsStarting: Dated;
  contractsEnding: Dated;
  readingsDue: Dated;
  billingIssues: Dated;
  tenantsToSign: Array<{ houseId: number; address: string; names: string[] }>;
  actions: Array<{ kind: string; houseId: number; text: string }>;
}

const DATED = 'total nodes { id houseId address date billingStatus lastReadingDate }';
const DASHBOARD = `query ($agencyId: Int) { agentDashboard(agencyId: $agencyId) { agencyName housesByStatus { key count } contractsByAgencyStatus { key count }
  contractsStarting { ${DATED} } contractsEnding { ${DATED} } readingsDue { ${DATED} } billingIssues { ${DATED} } tenantsToSign { houseId address names } actions { kind houseId text } } }`;

/** /agent-portal/dashboard: the selected agency's portfolio at a glance and what needs the agent's action. */
export function AgentDashboardPage() {
  return <AgentPortal title="Agent portal">{(context) => <DashboardBody {...context} />}</AgentPortal>;
}

function DashboardBody({ request }: PortalContext) {
  const [dashboard, setDashboard] = useState<Dashboard | null>(null);
  useEffect(() => {
    void request<{ agentDashboard: Dashboard }>(DASHBOARD).then((answer) => setDashboard(answer.data?.agentDashboard ?? null));
  }, [request]);
  if (!dashboard) return <p role="status">Loading your portfolio…</p>;
  const houses = dashboard.housesByStatus.reduce((sum, row) => sum + row.count, 0);
  return (
    <div className="agent-grid">
      <section className="agent-card" aria-labelledby="portfolio-title">
        <h2 id="portfolio-title">Portfolio</h2>
        <p className="agent-figure">
          {houses} <span>properties</span>
        </p>
        <Counts title="By house status" rows={dashboard.housesByStatus} />
        <Counts title="Current contracts by agency status" rows={dashboard.contractsByAgencyStatus} />
        <p className="agent-links">
          <Link to="/agent-portal/properties">All properties</Link>
          <Link to="/agent-portal/portfolio-usage-summary">Portfolio usage summary</Link>
        </p>
      </section>
      <section className="agent-card" aria-labelledby="actions-title">
        <h2 id="actions-title">Needs your action</h2>
        {dashboard.actions.length === 0 ? (
          <p>Nothing needs your action.</p>
        ) : (
          <ul className="agent-list">
            {dashboard.actions.map((action, i) => (
              <li key={`${action.kind}-${action.houseId}-${i}`}>
                <Link to={`/agent-portal/property/${action.houseId}/${action.kind === 'READING_DUE' ? 'meter-readings' : 'contracts'}`}>{action.text}</Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <DatedList id="starting" title="Contracts starting in the next 60 days" list={dashboard.contractsStarting} detail={(n) => ukDate(n.date)} />
      <DatedList id="ending" title="Contracts ending in the next 60 days" list={dashboard.contractsEnding} detail={(n) => ukDate(n.date)} />
      <DatedList id="readings" title="Meter reading due" list={dashboard.readingsDue} detail={(n) => (n.lastReadingDate ? `last ${ukDate(n.lastReadingDate)}` : 'no reading yet')} />
      <DatedList id="billing" title="Billing issues" list={dashboard.billingIssues} detail={(n) => label(n.billingStatus)} />
      <section className="agent-card" aria-labelledby="sign-title">
        <h2 id="sign-title">Tenants still to sign</h2>
        {dashboard.tenantsToSign.length === 0 ? (
          <p>Every tenant has signed.</p>
        ) : (
          <ul className="agent-list">
            {dashboard.tenantsToSign.map((house) => (
              <li key={house.houseId}>
                <Link to={`/agent-portal/property/${house.houseId}/contracts`}>{house.address}</Link>: {house.names.join(', ')}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function Counts({ title, rows }: { title: string; rows: Count[] }) {
  return (
    <>
      <h3>{title}</h3>
      <dl className="agent-counts">
        {rows.map((row) => (
          <div key={row.key}>
            <dt>{label(row.key)}</dt>
            <dd>{row.count}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

function DatedList({ id, title, list, detail }: { id: string; title: string; list: Dated; detail: (node: Dated['nodes'][number]) => string }) {
  return (
    <section className="agent-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        {title} <span className="agent-badge">{list.total}</span>
      </h2>
      {list.nodes.length === 0 ? (
        <p>None.</p>
      ) : (
        <ul className="agent-list">
          {list.nodes.map((node) => (
            <li key={`${node.id}-${node.houseId}`}>
              <Link to={`/agent-portal/property/${node.houseId}/contracts`}>{node.address}</Link> <span className="agent-muted">{detail(node)}</span>
            </li>
          ))}
        </ul>
      )}
      {list.total > list.nodes.length && <p className="agent-muted">and {list.total - list.nodes.length} more</p>}
    </section>
  );
}
