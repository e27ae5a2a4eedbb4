import { useState } from 'react';
import { broadbandChangeText, day, label, serviceStatusText, speed, tenantMutation, useTenantQuery, type Service } from './tenant-api';
import { Loading, Panel, TenantPage } from './TenantPage';

const BROADBAND = `query { tenantBroadband { contractId speeds service { id utilityType utilityStatus broadbandSpeed broadbandChange changeStatus requestedBroadbandSpeed startDate } } }`;
const UPGRADE = `mutation ($input: BroadbandUpgradeInput!) { requestBroadbandUpgrade(input: $input) { id requestedBroadbandSpeed changeStatus } }`;

interface BroadbandAnswer {
  tenantBroadband: { contractId: number; speeds: string[]; service: (Service & { startDate: string | null }) | null };
}

/** /tenant-profile/broadband: speed, order and installation status in words, and an upgrade request. */
export function BroadbandPage() {
  return (
    <TenantPage title="My Broadband">
      <Broadband />
    </TenantPage>
  );
}

function Broadband() {
  const { data, error, reload } = useTenantQuery<BroadbandAnswer>(BROADBAND);
  const [wanted, setWanted] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  if (!data) return <Loading error={error} />;
  const { service, speeds, contractId } = data.tenantBroadband;
  if (!service) return <p>Your house has no broadband with us.</p>;
  const faster = speeds.filter((s) => Number(s) > Number(service.broadbandSpeed ?? 0));
  async function request() {
    const { answer, fields } = await tenantMutation(UPGRADE, { input: { contractId, speed: wanted } });
    if (answer.errors.length) setMessage({ ok: false, text: fields.speed ?? answer.errors[0]!.message });
    else {
      setMessage({ ok: true, text: `Upgrade to ${speed(wanted)} requested. We will confirm the date with you.` });
      reload();
    }
  }
  return (
    <div className="tenant-grid">
      <Panel title="Your broadband" id="status">
        <p className="tenant-figure">{speed(service.broadbandSpeed)}</p>
        <dl className="tenant-facts">
          <dt>Service</dt>
          <dd>{serviceStatusText(service.utilityStatus)}</dd>
          <dt>Order</dt>
          <dd>{broadbandChangeText(service.broadbandChange)}</dd>
          <dt>From</dt>
          <dd>{day(service.startDate)}</dd>
          {service.changeStatus === 'UPGRADE_REQUESTED' ? (
            <>
              <dt>Upgrade</dt>
              <dd>Requested: {speed(service.requestedBroadbandSpeed)}, waiting for us to process it</dd>
            </>
          ) : service.changeStatus ? (
            <>
              <dt>Last change</dt>
              <dd>{label(service.changeStatus)}</dd>
            </>
          ) : null}
        </dl>
      </Panel>
      <Panel title="Upgrade your speed" id="upgrade">
        {faster.length ? (
          <form
            className="tenant-form"
            onSubmit={(event) => {
              event.preventDefault();
              void request();
            }}
          >
            <label>
              New speed
              <select value={wanted} onChange={(event) => setWanted(event.target.value)}>
                <option value="">Choose a speed</option>
                {faster.map((s) => (
                  <option key={s} value={s}>
                    {speed(s)}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className="button">
              Request upgrade
            </button>
            {message ? (
              <p className={message.ok ? 'tenant-success' : 'tenant-field-error'} role={message.ok ? 'status' : 'alert'}>
                {message.text}
              </p>
            ) : null}
          </form>
        ) : (
          <p>You already have our fastest speed.</p>
        )}
      </Panel>
    </div>
  );
}
