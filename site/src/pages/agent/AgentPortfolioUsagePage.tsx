import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { labelFor, PLAN_TYPES } from '@app/api/rules';
import { AgentPortal, addressLine, ukDate, type PortalContext } from './AgentPortal';
import { Pager } from './Pager';
import { UsageReportCard } from './UsageReportCard';

interface UtilityUsage {
  utilityType: string;
  usedKwh: number | null;
  allowanceKwh: number | null;
  estimated: boolean;
  incomplete: boolean;
}
interface HouseUsage {
  houseId: number;
  address: { streetName: string; address2: string | null; cityName: string; postCode: string };
  contracts: Array<{ billingType: string; planType: string | null; fromDate: string; toDate: string }>;
  utilities: UtilityUsage[];
}
interface PortfolioUsage {
  periodStart: string;
  periodEnd: string;
  total: number;
  page: number;
  perPage: number;
  nodes: HouseUsage[];
}
interface Period {
  periodStart: string;
  periodEnd: string;
}

const USAGE = `query ($agencyId: Int, $periodStart: String, $periodEnd: String, $page: Int) {
  agentPortfolioUsage(agencyId: $agencyId, periodStart: $periodStart, periodEnd: $periodEnd, page: $page) {
    periodStart periodEnd total page perPage
    nodes { houseId contracts { billingType planType fromDate toDate } address { streetName address2 cityName postCode } utilities { utilityType usedKwh allowanceKwh estimated incomplete } } } }`;
const KWH = new Intl.NumberFormat('en-GB');
const UTILITY_NAMES: Record<string, string> = { electric: 'Electricity', gas: 'Gas' };

/**
 * /agent-portal/portfolio-usage-summary: each property's electricity and gas over a period against what its
 * plan's allowance covers, and the full usage report (CSV) of the same period to download.
 */
export function AgentPortfolioUsagePage() {
  return <AgentPortal title="Portfolio usage summary">{(context) => <UsageBody {...context} />}</AgentPortal>;
}

function UsageBody({ request }: PortalContext) {
  // Empty until the first answer: the server picks the last twelve months, which then fill the date fields.
  const [draft, setDraft] = useState<Period | null>(null);
  const [period, setPeriod] = useState<Period | null>(null);
  const [page, setPage] = useState(1);
  const [usage, setUsage] = useState<PortfolioUsage | null>(null);
  const [errors, setErrors] = useState<string[]>([]);

  useEffect(() => {
    void request<{ agentPortfolioUsage: PortfolioUsage }>(USAGE, { ...period, page }).then((answer) => {
      setErrors(answer.errors.map((error) => error.message));
      const found = answer.data?.agentPortfolioUsage;
      if (!found) return;
      setUsage(found);
      setDraft((current) => current ?? { periodStart: found.periodStart, periodEnd: found.periodEnd });
    });
  }, [request, period, page]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setPage(1);
    setPeriod(draft);
  };
  const shown = draft ?? (usage ? { periodStart: usage.periodStart, periodEnd: usage.periodEnd } : { periodStart: '', periodEnd: '' });
  const set = (key: keyof Period) => (event: { target: { value: string } }) => setDraft({ ...shown, [key]: event.target.value });

  return (
    <>
      <form className="agent-filters" onSubmit={apply} aria-label="Usage period">
        <div className="agent-field">
          <label htmlFor="usage-from">From</label>
          <input id="usage-from" type="date" value={shown.periodStart} onChange={set('periodStart')} required />
        </div>
        <div className="agent-field">
          <label htmlFor="usage-to">To</label>
          <input id="usage-to" type="date" value={shown.periodEnd} onChange={set('periodEnd')} required />
        </div>
        <button className="button" type="submit">
          Show
        </button>
      </form>
      {errors.length > 0 && (
        <p role="alert" className="agent-error">
          {errors.join(' ')}
        </p>
      )}
      {usage && (
        <>
          <UsageReportCard request={request} period={{ periodStart: usage.periodStart, periodEnd: usage.periodEnd }} />
          <p role="status" className="agent-muted">
            {usage.total} {usage.total === 1 ? 'property' : 'properties'} with electricity or gas meters, {ukDate(usage.periodStart)} to {ukDate(usage.periodEnd)}
          </p>
          <ul className="agent-rows" aria-label="Usage by property">
            {usage.nodes.map((house) => (
              <li key={house.houseId} className="agent-row">
                <div>
                  <Link to={`/agent-portal/property/${house.houseId}/meter-readings`}>{addressLine(house.address)}</Link>
                  <p className="agent-muted">{contractsText(house)}</p>
                </div>
                <div>
                  {house.utilities.length === 0 ? <p className="agent-muted">Nothing to measure in this period</p> : house.utilities.map((utility) => <UtilityLine key={utility.utilityType} utility={utility} />)}
                </div>
              </li>
            ))}
          </ul>
          <Pager page={usage.page} pages={Math.max(1, Math.ceil(usage.total / usage.perPage))} onPage={setPage} />
        </>
      )}
      {!usage && errors.length === 0 && <p role="status">Loading usage…</p>}
    </>
  );
}

/** How the house paid in the period: "Lite plan (01/09/2025 to 31/08/2026)", one line per contract. */
function contractsText(house: HouseUsage): string {
  if (!house.contracts.length) return 'No contract in this period';
  return house.contracts
    .map((contract) => `${contract.planType ? `${labelFor(contract.planType, PLAN_TYPES)} plan` : 'Pays for what the house uses'} (${ukDate(contract.fromDate)} to ${ukDate(contract.toDate)})`)
    .join(', then ');
}

/** 84%; past ten times the allowance a percentage says nothing more (a wrong read, usually). */
const shareText = (share: number) => (share >= 10 ? 'more than ten times' : `${Math.round(share * 100)}%`);

/** "Electricity: 1,500 kWh of 1,790 kWh allowance (84%)", a bar, and what to know about the figure. */
function UtilityLine({ utility }: { utility: UtilityUsage }) {
  const name = UTILITY_NAMES[utility.utilityType] ?? utility.utilityType;
  if (utility.usedKwh === null) return <p>{name}: no readings to measure this period</p>;
  const share = utility.allowanceKwh ? utility.usedKwh / utility.allowanceKwh : null;
  const over = share !== null && share > 1;
  const notes = [utility.estimated && 'includes estimated reads', utility.incomplete && 'some meters have no readings'].filter(Boolean).join(', ');
  return (
    <div className="usage-line">
      <p>
        {name}: {KWH.format(utility.usedKwh)} kWh
        {utility.allowanceKwh !== null ? ` of ${KWH.format(utility.allowanceKwh)} kWh allowance (${shareText(share ?? 0)})` : ' (no allowance)'}
        {over && <strong className="usage-line__over"> Over allowance</strong>}
      </p>
      {share !== null && (
        <div className={`usage-line__bar${over ? ' usage-line__bar--over' : ''}`} aria-hidden="true">
          <span style={{ width: `${Math.min(100, share * 100)}%` }} />
        </div>
      )}
      {notes && <p className="agent-muted">{notes.charAt(0).toUpperCase() + notes.slice(1)}</p>}
    </div>
  );
}
