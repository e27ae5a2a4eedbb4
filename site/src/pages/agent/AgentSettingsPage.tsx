import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { fieldMessages, graphqlRequest, storedSession, storeSession } from '@app/api/client';
import { AgentPortal, type PortalContext } from './AgentPortal';

interface Agent {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  isYou: boolean;
}
interface Settings {
  agencyName: string;
  email: string | null;
  phone: string | null;
  streetName: string | null;
  cityName: string | null;
  postCode: string | null;
  canManageAgents: boolean;
  agents: Agent[];
}

const AGENT = 'id firstName lastName email isYou';
const SETTINGS = `query ($agencyId: Int) { agentSettings(agencyId: $agencyId) { agencyName email phone streetName cityName postCode canManageAgents agents { ${AGENT} } } }`;
const DETAILS = `mutation ($firstName: String!, $lastName: String!) { updateAgentDetails(firstName: $firstName, lastName: $lastName) { ${AGENT} } }`;
const PASSWORD = 'mutation ($input: ChangePasswordInput!) { changePassword(input: $input) { auth { jwtToken } } }';
const INVITE = `mutation ($agencyId: Int, $input: AgencyAgentInvite!) { inviteAgencyAgent(agencyId: $agencyId, input: $input) { ${AGENT} } }`;
const REMOVE = 'mutation ($agencyId: Int, $agentId: Int!) { removeAgencyAgent(agencyId: $agencyId, agentId: $agentId) }';

/** /agent-portal/settings: the agent's own details and password; for a root account, the agency's agents. */
export function AgentSettingsPage() {
  return <AgentPortal title="Settings">{(context) => <SettingsBody {...context} />}</AgentPortal>;
}

function Field({ id, label, value, onChange, error, type = 'text', autoComplete }: { id: string; label: string; value: string; onChange: (v: string) => void; error?: string; type?: string; autoComplete?: string }) {
  return (
    <div className="agent-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type={type} value={value} autoComplete={autoComplete} onChange={(e) => onChange(e.target.value)} aria-invalid={Boolean(error)} />
      {error && <span className="agent-error">{error}</span>}
    </div>
  );
}

function SettingsBody({ request }: PortalContext) {
  const [settings, setSettings] = useState<Settings | null>(null);
  const load = () => void request<{ agentSettings: Settings }>(SETTINGS).then((answer) => setSettings(answer.data?.agentSettings ?? null));
  useEffect(load, [request]);
  if (!settings) return <p role="status">Loading settings…</p>;
  const me = settings.agents.find((a) => a.isYou);
  return (
    <div className="agent-grid">
      {me && <DetailsForm me={me} />}
      <PasswordForm />
      <section className="agent-card" aria-labelledby="agency-title">
        <h2 id="agency-title">{settings.agencyName}</h2>
        <p>{[settings.streetName, settings.cityName, settings.postCode].filter(Boolean).join(', ')}</p>
        <p>
          {settings.email} {settings.phone ? `· ${settings.phone}` : ''}
        </p>
        <p>
          Your agency’s quote link, for tenants to get a quote with you as their agent, is on the <Link to="/agent-portal/bill-packages">Bills package</Link> page.
        </p>
      </section>
      {settings.canManageAgents && <AgentsCard settings={settings} request={request} reload={load} />}
    </div>
  );
}

function DetailsForm({ me }: { me: Agent }) {
  const [firstName, setFirstName] = useState(me.firstName);
  const [lastName, setLastName] = useState(me.lastName);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await graphqlRequest(DETAILS, { firstName, lastName });
    setErrors(fieldMessages(answer));
    setSaved(Boolean(answer.data));
  };
  return (
    <section className="agent-card" aria-labelledby="details-title">
      <h2 id="details-title">Your details</h2>
      <form className="agent-form" onSubmit={(e) => void save(e)} noValidate>
        <p className="agent-muted">{me.email}</p>
        <Field id="agent-first-name" label="First name" value={firstName} onChange={setFirstName} error={errors.firstName} autoComplete="given-name" />
        <Field id="agent-last-name" label="Last name" value={lastName} onChange={setLastName} error={errors.lastName} autoComplete="family-name" />
        <button className="button" type="submit">
          Save details
        </button>
        {saved && <p role="status">Successfully saved</p>}
      </form>
    </section>
  );
}

function PasswordForm() {
  const [values, setValues] = useState({ currentPassword: '', password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await graphqlRequest<{ changePassword: { auth: { jwtToken: string } } }>(PASSWORD, { input: values });
    const session = storedSession();
    // A password change ends every other session and hands this one a new token.
    if (answer.data && session) storeSession(answer.data.changePassword.auth.jwtToken, session.role, session.user);
    const fields = fieldMessages(answer);
    setErrors(Object.keys(fields).length || answer.data ? fields : { form: answer.errors[0]?.message ?? '' });
    setSaved(Boolean(answer.data));
    if (answer.data) setValues({ currentPassword: '', password: '', confirmPassword: '' });
  };
  const set = (key: keyof typeof values) => (value: string) => setValues({ ...values, [key]: value });
  return (
    <section className="agent-card" aria-labelledby="password-title">
      <h2 id="password-title">Password</h2>
      <form className="agent-form" onSubmit={(e) => void save(e)} noValidate>
        <Field id="agent-current-password" label="Current password" type="password" value={values.currentPassword} onChange={set('currentPassword')} error={errors.currentPassword} autoComplete="current-password" />
        <Field id="agent-new-password" label="New password" type="password" value={values.password} onChange={set('password')} error={errors.password} autoComplete="new-password" />
        <Field id="agent-confirm-password" label="Confirm new password" type="password" value={values.confirmPassword} onChange={set('confirmPassword')} error={errors.confirmPassword} autoComplete="new-password" />
        {errors.form && (
          <p role="alert" className="agent-error">
            {errors.form}
          </p>
        )}
        <button className="button" type="submit">
          Change password
        </button>
        {saved && <p role="status">Your password has been changed</p>}
      </form>
    </section>
  );
}

function AgentsCard({ settings, request, reload }: { settings: Settings; request: PortalContext['request']; reload: () => void }) {
  const [invite, setInvite] = useState({ email: '', firstName: '', lastName: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const send = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await request<{ inviteAgencyAgent: Agent }>(INVITE, { input: invite });
    setErrors(fieldMessages(answer));
    if (answer.data) {
      setMessage(`Invitation sent to ${answer.data.inviteAgencyAgent.email}`);
      setInvite({ email: '', firstName: '', lastName: '' });
      reload();
    }
  };
  const remove = async (agent: Agent) => {
    if (!window.confirm(`Remove ${agent.firstName} ${agent.lastName} from ${settings.agencyName}?`)) return;
    const answer = await request<{ removeAgencyAgent: boolean }>(REMOVE, { agentId: agent.id });
    setMessage(answer.data ? `${agent.firstName} ${agent.lastName} removed` : (answer.errors[0]?.message ?? ''));
    reload();
  };
  const set = (key: keyof typeof invite) => (value: string) => setInvite({ ...invite, [key]: value });
  return (
    <section className="agent-card agent-card--wide" aria-labelledby="agents-title">
      <h2 id="agents-title">Agents of {settings.agencyName}</h2>
      <ul className="agent-rows" aria-label="Agents">
        {settings.agents.map((agent) => (
          <li key={agent.id} className="agent-row">
            <div>
              {agent.firstName} {agent.lastName} {agent.isYou && <span className="agent-badge">you</span>}
              <p className="agent-muted">{agent.email}</p>
            </div>
            {!agent.isYou && (
              <div>
                <button className="button button--secondary" type="button" onClick={() => void remove(agent)} aria-label={`Remove ${agent.firstName} ${agent.lastName}`}>
                  Remove
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
      <h3>Invite an agent</h3>
      <form className="agent-form" onSubmit={(e) => void send(e)} noValidate>
        <Field id="invite-email" label="Email" type="email" value={invite.email} onChange={set('email')} error={errors.email} />
        <Field id="invite-first-name" label="First name" value={invite.firstName} onChange={set('firstName')} error={errors.firstName} />
        <Field id="invite-last-name" label="Last name" value={invite.lastName} onChange={set('lastName')} error={errors.lastName} />
        <button className="button" type="submit">
          Send invitation
        </button>
      </form>
      {message && <p role="status">{message}</p>}
    </section>
  );
}
