import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { AgentPortal, addressLine, label, ukDate, type PortalContext } from './AgentPortal';
import { Pager } from './Pager';

interface Row {
  id: number;
  status: string;
  address: { streetName: string; address2: string | null; cityName: string; postCode: string };
  currentContract: null | {
    id: number;
    status: string;
    signUpDate: string;
    endDate: string;
    agencyHouseContractStatus: string | null;
    tenantsSigned: number;
    tenantsExpected: number;
    services: Array<{ utilityType: string; utilityStatus: string }>;
  };
}
interface List {
  total: number;
  page: number;
  perPage: number;
  nodes: Row[];
}
interface Filters {
  search: string;
  status: string;
  city: string;
  contractFrom: string;
  contractTo: string;
  sort: string;
  descending: boolean;
}

const PROPERTIES = `query ($agencyId: Int, $search: String, $status: String, $city: String, $contractFrom: String, $contractTo: String, $sort: AgentPropertySort, $descending: Boolean, $page: Int, $perPage: Int) {
  agentProperties(agencyId: $agencyId, search: $search, status: $status, city: $city, contractFrom: $contractFrom, contractTo: $contractTo, sort: $sort, descending: $descending, page: $page, perPage: $perPage) {
    total page perPage nodes { id status address { streetName address2 cityName postCode }
      currentContract { id status signUpDate endDate agencyHouseContractStatus tenantsSigned tenantsExpected services { utilityType utilityStatus } } } } }`;
const PER_PAGE = 20;
const EMPTY: Filters = { search: '', status: '', city: '', contractFrom: '', contractTo: '', sort: 'ADDRESS', descending: false };

/** /agent-portal/properties: every property of the selected agency, searchable, filterable, sorted, in pages. */
export function AgentPropertiesPage() {
  return <AgentPortal title="All properties">{(context) => <PropertiesBody {...context} />}</AgentPortal>;
}

function PropertiesBody({ request }: PortalContext) {
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [page, setPage] = useState(1);
  const [list, setList] = useState<List | null>(null);
  const [errors, setErrors] = useState<string[]>([]);

  useEffect(() => {
    const variables = Object.fromEntries(Object.entries({ ...filters, page, perPage: PER_PAGE }).filter(([, v]) => v !== ''));
    void request<{ agentProperties: List }>(PROPERTIES, variables).then((answer) => {
      setErrors(answer.errors.map((e) => e.message));
      if (answer.data) setList(answer.data.agentProperties);
    });
  }, [request, filters, page]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setPage(1);
    setFilters(draft);
  };
  const set = (key: keyof Filters) => (event: { target: { value: string } }) => setDraft({ ...draft, [key]: event.target.value });
  const pages = list ? Math.max(1, Math.ceil(list.total / list.perPage)) : 1;

  return (
    <>
      <form className="agent-filters" onSubmit={apply} aria-label="Find properties">
        <div className="agent-field">
          <label htmlFor="agent-search">Search</label>
          <input id="agent-search" type="search" value={draft.search} onChange={set('search')} placeholder="Street or postcode" maxLength={100} />
        </div>
        <div className="agent-field">
          <label htmlFor="agent-status">Status</label>
          <select id="agent-status" value={draft.status} onChange={set('status')}>
            <option value="">Any</option>
            {['ACTIVE', 'LEAVING', 'CLOSED', 'INCOMPLETE_SIGNUP'].map((s) => (
              <option key={s} value={s}>
                {label(s)}
              </option>
            ))}
          </select>
        </div>
        <div className="agent-field">
          <label htmlFor="agent-city">City</label>
          <input id="agent-city" value={draft.city} onChange={set('city')} maxLength={100} />
        </div>
        <div className="agent-field">
          <label htmlFor="agent-contract-starts-from">Contract starts from</label>
          <input id="agent-contract-starts-from" type="date" value={draft.contractFrom} onChange={set('contractFrom')} />
        </div>
        <div className="agent-field">
          <label htmlFor="agent-contract-starts-by">Contract starts by</label>
          <input id="agent-contract-starts-by" type="date" value={draft.contractTo} onChange={set('contractTo')} />
        </div>
        <div className="agent-field">
          <label htmlFor="agent-sort-by">Sort by</label>
          <select id="agent-sort-by" value={draft.sort} onChange={set('sort')}>
            <option value="ADDRESS">Address</option>
            <option value="CITY">City</option>
            <option value="STATUS">Status</option>
            <option value="CONTRACT_START">Contract start</option>
            <option value="CONTRACT_END">Contract end</option>
          </select>
        </div>
        <label className="agent-filters__check">
          <input type="checkbox" checked={draft.descending} onChange={(e) => setDraft({ ...draft, descending: e.target.checked })} />
          Newest / Z first
        </label>
        <button className="button" type="submit">
          Show
        </button>
      </form>
      {errors.length > 0 && (
        <p role="alert" className="agent-error">
          {errors.join(' ')}
        </p>
      )}
      {list && (
        <>
          <p role="status" className="agent-muted">
            {list.total} {list.total === 1 ? 'property' : 'properties'}
          </p>
          <ul className="agent-rows" aria-label="Properties">
            {list.nodes.map((row) => (
              <li key={row.id} className="agent-row">
                <div>
                  <Link to={`/agent-portal/property/${row.id}/contracts`}>{addressLine(row.address)}</Link>
                  <p className="agent-muted">{label(row.status)}</p>
                </div>
                <div>
                  {row.currentContract ? (
                    <>
                      <p>
                        {ukDate(row.currentContract.signUpDate)} – {ukDate(row.currentContract.endDate)} · {label(row.currentContract.status)}
                        {row.currentContract.agencyHouseContractStatus ? ` · ${label(row.currentContract.agencyHouseContractStatus)}` : ''}
                      </p>
                      <p className="agent-muted">
                        {row.currentContract.tenantsSigned} of {row.currentContract.tenantsExpected} tenants signed ·{' '}
                        {row.currentContract.services.map((s) => label(s.utilityType)).join(', ') || 'no services'}
                      </p>
                    </>
                  ) : (
                    <p className="agent-muted">No contract</p>
                  )}
                </div>
              </li>
            ))}
          </ul>
          <Pager page={list.page} pages={pages} onPage={setPage} />
        </>
      )}
    </>
  );
}
