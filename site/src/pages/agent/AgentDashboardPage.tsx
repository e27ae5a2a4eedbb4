import { useEffect, useState } from 'react';
import { graphqlRequest } from '@app/api/client';
import { RequireRole } from '../../session/RequireRole';
import { useSession } from '../../session/SessionProvider';
import '../signin/auth-forms.css';

interface Agency {
  id: number;
  name: string;
  isActive: boolean;
}

const CURRENT_AGENT = '{ currentAgent { id isFO agencies { nodes { agencyInfo { id name isActive } } } } }';
const SELECTED_AGENCY_KEY = 'selectedAgency';

/**
 * /agent-portal/dashboard: the agent portal's home. Front-office agents (isFO) may switch between their
 * agencies; other agents work in their first agency.
 */
export function AgentDashboardPage() {
  return (
    <RequireRole roles={['agent']}>
      <AgentDashboard />
    </RequireRole>
  );
}

function AgentDashboard() {
  const { user, logout } = useSession();
  const [agent, setAgent] = useState<{ isFO: boolean; agencies: Agency[] } | null>(null);
  const [selected, setSelected] = useState<number | null>(null);

  useEffect(() => {
    void graphqlRequest<{ currentAgent: { isFO: boolean; agencies: { nodes: Array<{ agencyInfo: Agency }> } } }>(CURRENT_AGENT).then((answer) => {
      const current = answer.data?.currentAgent;
      if (!current) return;
      const agencies = current.agencies.nodes.map((node) => node.agencyInfo);
      const stored = Number(localStorage.getItem(SELECTED_AGENCY_KEY));
      setAgent({ isFO: current.isFO, agencies });
      setSelected(current.isFO && agencies.some((a) => a.id === stored) ? stored : (agencies[0]?.id ?? null));
    });
  }, []);

  function choose(id: number) {
    setSelected(id);
    localStorage.setItem(SELECTED_AGENCY_KEY, String(id));
  }

  const agency = agent?.agencies.find((a) => a.id === selected);
  return (
    <div className="auth-page">
      <section className="auth-card" aria-labelledby="agent-title">
        <h1 id="agent-title">Agent portal</h1>
        <p>Welcome{user?.firstName ? `, ${user.firstName}` : ''}. Your properties, contracts and bills packages are managed here.</p>
        {agent && agent.isFO && agent.agencies.length > 1 ? (
          <form className="auth-form" onSubmit={(e) => e.preventDefault()}>
            <label>
              Agency
              <select value={selected ?? ''} onChange={(e) => choose(Number(e.target.value))}>
                {agent.agencies.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.name}
                  </option>
                ))}
              </select>
            </label>
          </form>
        ) : (
          agency && <p>Agency: {agency.name}</p>
        )}
        <button className="button button--secondary" type="button" onClick={logout}>
          Log Out
        </button>
      </section>
    </div>
  );
}
