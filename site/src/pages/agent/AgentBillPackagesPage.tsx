import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatPounds as money } from '@app/api/rules';
import { PLAN_SUMMARIES } from '../signup/plan-summaries';
import { AgentPortal, type PortalContext } from './AgentPortal';

interface BillPackage {
  planType: string;
  name: string;
  weeklyPerTenantPence: number | null;
  monthlyPerTenantPence: number | null;
  allowanceKwh: number | null;
  currentHouses: number;
}
interface BillPackages {
  agencyName: string;
  quotePath: string;
  examplePostcode: string | null;
  quotingOnline: boolean;
  packages: BillPackage[];
}

const BILL_PACKAGES = `query ($agencyId: Int) { agentBillPackages(agencyId: $agencyId) { agencyName quotePath examplePostcode quotingOnline
  packages { planType name weeklyPerTenantPence monthlyPerTenantPence allowanceKwh currentHouses } } }`;
const KWH = new Intl.NumberFormat('en-GB');

/**
 * /agent-portal/bill-packages: what the agency can offer its tenants, priced for an example house near it,
 * and the agency's quote link to hand out (its visitors see "in partnership with" the agency).
 */
export function AgentBillPackagesPage() {
  return <AgentPortal title="Bills package">{(context) => <BillPackagesBody {...context} />}</AgentPortal>;
}

function BillPackagesBody({ request }: PortalContext) {
  const [packages, setPackages] = useState<BillPackages | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    void request<{ agentBillPackages: BillPackages }>(BILL_PACKAGES).then((answer) => {
      setPackages(answer.data?.agentBillPackages ?? null);
      setFailed(!answer.data?.agentBillPackages);
    });
  }, [request]);
  if (failed) return <p className="agent-error">The bills packages could not be loaded. Please try again.</p>;
  if (!packages) return <p role="status">Loading your bills packages…</p>;
  return (
    <div className="agent-grid">
      <QuoteLinkCard agencyName={packages.agencyName} quotePath={packages.quotePath} />
      {packages.packages.map((pack) => (
        <section key={pack.planType} className="agent-card" aria-labelledby={`package-${pack.planType}`}>
          <h2 id={`package-${pack.planType}`}>{pack.name}</h2>
          {pack.weeklyPerTenantPence !== null && pack.monthlyPerTenantPence !== null && (
            <p className="agent-figure">
              {money(pack.weeklyPerTenantPence)} <span>a week per tenant ({money(pack.monthlyPerTenantPence)} a month)</span>
            </p>
          )}
          <p>{PLAN_SUMMARIES[pack.planType]}</p>
          <p>{pack.allowanceKwh === null ? 'No energy allowance to watch.' : `Energy allowance: ${KWH.format(pack.allowanceKwh)} kWh a year for the example house.`}</p>
          <p className="agent-muted">
            {pack.currentHouses === 1 ? '1 of your properties is' : `${pack.currentHouses} of your properties are`} on {pack.name} now.
          </p>
        </section>
      ))}
      <p className="agent-muted agent-card--wide">{exampleNote(packages)}</p>
    </div>
  );
}

function exampleNote({ quotingOnline, examplePostcode }: BillPackages): string {
  if (!quotingOnline) return 'Online quotes are switched off at the moment: call us for prices.';
  if (!examplePostcode) return 'We could not price an example house at your agency’s postcode: every house gets its own quote through your link.';
  return `Prices are for an example house at ${examplePostcode}: four tenants in four bedrooms with electricity, gas, water and broadband, for the next academic year. Every house gets its own quote.`;
}

/** The agency's quote link, to copy into an e-mail or a listing. */
function QuoteLinkCard({ agencyName, quotePath }: { agencyName: string; quotePath: string }) {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const url = `${window.location.origin}${quotePath}`;
  const copy = () => {
    void navigator.clipboard?.writeText(url).then(
      () => setCopied('yes'),
      () => setCopied('no'),
    );
  };
  return (
    <section className="agent-card agent-card--wide" aria-labelledby="quote-link-title">
      <h2 id="quote-link-title">Your quote link</h2>
      <p>
        Send tenants this link for a quote. Anyone who opens it sees “in partnership with {agencyName}” at the top of our pages.
      </p>
      <div className="agent-copy">
        <label className="agent-field" htmlFor="quote-link">
          Quote link
        </label>
        <input id="quote-link" readOnly value={url} onFocus={(event) => event.target.select()} />
        <button className="button" type="button" onClick={copy}>
          Copy link
        </button>
      </div>
      <p role="status" className="agent-muted">
        {copied === 'yes' ? 'Link copied.' : copied === 'no' ? 'Your browser did not let us copy: select the link and copy it.' : ''}
      </p>
      <Link to={quotePath}>Open the quote page</Link>
    </section>
  );
}
