import { useState } from 'react';
import { formatPounds } from '@app/api/rules';
import type { PortalContext } from './AgentPortal';

interface Options {
  currentPlanType: string | null;
  refusal: string | null;
  options: Array<{ planType: string; name: string; weeklyPerTenantPence: number }>;
}

const OPTIONS = 'query ($agencyId: Int, $id: Int!) { agentPackageOptions(agencyId: $agencyId, houseContractId: $id) { currentPlanType refusal options { planType name weeklyPerTenantPence } } }';
const CHANGE = 'mutation ($agencyId: Int, $id: Int!, $plan: String!) { agentChangePackage(agencyId: $agencyId, houseContractId: $id, planType: $plan) { name weeklyPerTenantPence } }';

/**
 * A future plan contract's package, changed by its agent: the packages priced for this house (per tenant per
 * week), or why it cannot change (a tenant already has payments set up, view-only access).
 */
export function ChangePackage({ houseContractId, request, onChanged }: { houseContractId: number; request: PortalContext['request']; onChanged(): void }) {
  const [offer, setOffer] = useState<Options | null>(null);
  const [chosen, setChosen] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const open = async () => {
    setBusy(true);
    const answer = await request<{ agentPackageOptions: Options }>(OPTIONS, { id: houseContractId });
    setBusy(false);
    if (answer.data) setOffer(answer.data.agentPackageOptions);
    else setMessage({ ok: false, text: answer.errors[0]?.message ?? 'The packages could not be priced.' });
  };
  const change = async () => {
    setBusy(true);
    const answer = await request<{ agentChangePackage: { name: string; weeklyPerTenantPence: number } }>(CHANGE, { id: houseContractId, plan: chosen });
    setBusy(false);
    const done = answer.data?.agentChangePackage;
    if (done) {
      setMessage({ ok: true, text: `Changed to ${done.name}: ${formatPounds(done.weeklyPerTenantPence)} per tenant per week. Its tenants have been told.` });
      setOffer(null);
      onChanged();
    } else setMessage({ ok: false, text: answer.errors[0]?.message ?? 'The package could not be changed.' });
  };

  return (
    <div className="agent-change-package">
      {offer === null ? (
        <button type="button" className="button button--small button--secondary" onClick={() => void open()} disabled={busy}>
          Change package
        </button>
      ) : offer.refusal ? (
        <p>{offer.refusal}</p>
      ) : (
        <form
          className="agent-form"
          onSubmit={(event) => {
            event.preventDefault();
            void change();
          }}
        >
          <fieldset>
            <legend>Package for this contract (per tenant per week)</legend>
            {offer.options.map((option) => (
              <label key={option.planType} className="agent-choice">
                <input type="radio" name={`package-${houseContractId}`} value={option.planType} checked={chosen === option.planType} onChange={() => setChosen(option.planType)} disabled={option.planType === offer.currentPlanType} />
                {option.name}: {formatPounds(option.weeklyPerTenantPence)}
                {option.planType === offer.currentPlanType ? ' (current)' : ''}
              </label>
            ))}
          </fieldset>
          <button className="button button--small" type="submit" disabled={busy || chosen === ''}>
            Change package
          </button>
        </form>
      )}
      {message ? (
        <p className={message.ok ? 'agent-success' : 'agent-error'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </p>
      ) : null}
    </div>
  );
}
