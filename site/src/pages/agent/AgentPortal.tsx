import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { graphqlRequest, type GraphQLAnswer } from '@app/api/client';
import { RequireRole } from '../../session/RequireRole';
import './agent-portal.css';

export interface AgencyInfo {
  id: number;
  name: string;
  isActive: boolean;
}
export interface AgentInfo {
  isFO: boolean;
  agencies: Array<{ rootAccount: boolean; portalPermissions: string; agencyInfo: AgencyInfo }>;
}

const CURRENT_AGENT = '{ currentAgent { id isFO city { id city } agencies { nodes { rootAccount portalPermissions agencyInfo { id name isActive } } } } }';
export const SELECTED_AGENCY_KEY = 'selectedAgency';

/** What a portal page gets: the selected agency and a request that carries it to the server. */
export interface PortalContext {
  agencyId: number;
  agent: AgentInfo;
  request: <T>(query: string, variables?: Record<string, unknown>) => Promise<GraphQLAnswer<T>>;
}

/**
 * The agent portal wrapper (specification §2.6): agent info and the selected agency. Front-office agents
 * switch agency here, on every page, and the choice is kept as selectedAgency so the next page follows it;
 * other agents work in their first agency. The server checks the agency again on every call.
 */
export function AgentPortal({ title, children }: { title: string; children: (context: PortalContext) => ReactNode }) {
  return (
    <RequireRole roles={['agent']}>
      <PortalFrame title={title}>{children}</PortalFrame>
    </RequireRole>
  );
}

function PortalFrame({ title, children }: { title: string; children: (context: PortalContext) => ReactNode }) {
  const [agent, setAgent] = useState<AgentInfo | null>(null);
  const [selected, setSelected] = useState<number | null>(null);

  useEffect(() => {
    void graphqlRequest<{ currentAgent: { isFO: boolean; agencies: { nodes: AgentInfo['agencies'] } } }>(CURRENT_AGENT).then((answer) => {
      const current = answer.data?.currentAgent;
      if (!current) return;
      const nodes = current.agencies.nodes;
      const stored = Number(localStorage.getItem(SELECTED_AGENCY_KEY));
      setAgent({ isFO: current.isFO, agencies: nodes });
      setSelected(current.isFO && nodes.some((n) => n.agencyInfo.id === stored) ? stored : (nodes[0]?.agencyInfo.id ?? null));
    });
  }, []);

  const choose = (id: number) => {
    setSelected(id);
    localStorage.setItem(SELECTED_AGENCY_KEY, String(id));
  };
  // Only a front-office agent's choice is sent; the server gives everyone else their first agency.
  const request = useCallback(
    <T,>(query: string, variables: Record<string, unknown> = {}) => graphqlRequest<T>(query, agent?.isFO ? { ...variables, agencyId: selected } : variables),
    [agent, selected],
  );

  const agency = agent?.agencies.find((a) => a.agencyInfo.id === selected);
  return (
    <div className="agent-portal">
      <div className="agent-portal__top">
        <h1>{title}</h1>
        {agent && agent.isFO && agent.agencies.length > 1 ? (
          <label className="agent-portal__switch">
            Agency
            <select value={selected ?? ''} onChange={(e) => choose(Number(e.target.value))}>
              {agent.agencies.map((a) => (
                <option key={a.agencyInfo.id} value={a.agencyInfo.id}>
                  {a.agencyInfo.name}
                </option>
              ))}
            </select>
          </label>
        ) : (
          agency && <p className="agent-portal__agency">Agency: {agency.agencyInfo.name}</p>
        )}
      </div>
      {agent && selected !== null ? <div key={selected}>{children({ agencyId: selected, agent, request })}</div> : <p role="status">Loading…</p>}
    </div>
  );
}

/** A short date as people in the UK write it: 01/09/2026. */
export function ukDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

/** An enum value for reading: TENANT_PAYING → Tenant paying. */
export function label(value: string | null | undefined): string {
  if (!value) return '';
  const text = value.replace(/_/g, ' ').toLowerCase();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function addressLine(address: { streetName: string; address2?: string | null; cityName: string; postCode: string }): string {
  return [address.streetName, address.address2, address.cityName, address.postCode].filter(Boolean).join(', ');
}
