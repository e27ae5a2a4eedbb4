import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { fieldMessages } from '@app/api/client';
import { labelFor, PLAN_TYPES } from '@app/api/rules';
import { AgentPortal, addressLine, label, ukDate, type PortalContext } from './AgentPortal';
import { ChangePackage } from './ChangePackage';

interface Service {
  id: number;
  utilityType: string;
  utilityStatus: string;
}
interface Contract {
  id: number;
  period: string;
  status: string;
  signUpDate: string;
  endDate: string;
  billingType: string;
  planType: string | null;
  agencyHouseContractStatus: string | null;
  numberOfTenants: number;
  services: Service[];
  tenantContracts: Array<{ id: number; name: string; status: string; startDate: string; endDate: string; period: string }>;
}
interface Meter {
  id: number;
  utilityType: string | null;
  serialNumber: string;
  meterType: string;
  rateType: string;
  isActive: boolean;
}
interface Property {
  id: number;
  address: { streetName: string; address2: string | null; cityName: string; postCode: string };
  status: string;
  canEdit: boolean;
  contracts: Contract[];
  supplies: Array<{ id: number; utilityType: string; mpxn: string; supplierName: string; startDate: string; endDate: string; meters: Meter[] }>;
  meters: Meter[];
  readings: Array<{ id: string; serialNumber: string; utilityType: string; readingDate: string; register: string; value: string; source: string; status: string; hasPhoto: boolean }>;
}

const METER = 'id utilityType serialNumber meterType rateType isActive';
const PROPERTY = `query ($agencyId: Int, $propertyId: Int!) { agentProperty(agencyId: $agencyId, propertyId: $propertyId) { id status canEdit address { streetName address2 cityName postCode }
  contracts { id period status signUpDate endDate billingType planType agencyHouseContractStatus numberOfTenants services { id utilityType utilityStatus } tenantContracts { id name status startDate endDate period } }
  supplies { id utilityType mpxn supplierName startDate endDate meters { ${METER} } } meters { ${METER} }
  readings { id serialNumber utilityType readingDate register value source status hasPhoto } } }`;
const SUBMIT = 'mutation ($agencyId: Int, $input: AgentReadingInput!) { agentSubmitMeterReading(agencyId: $agencyId, input: $input) { id status } }';

export const PROPERTY_TABS = [
  ['contracts', 'Contracts'],
  ['supplier', 'Supplier'],
  ['bill-packages', 'Bill packages'],
  ['meter-readings', 'Meter readings'],
] as const;

/** /agent-portal/property/{propertyId}[/{tab}]: one property of the selected agency, in four tabs. */
export function AgentPropertyPage() {
  return <AgentPortal title="Property">{(context) => <PropertyBody {...context} />}</AgentPortal>;
}

function PropertyBody({ request }: PortalContext) {
  const { propertyId = '', tab = 'contracts' } = useParams();
  const [property, setProperty] = useState<Property | null>(null);
  const [missing, setMissing] = useState(false);
  const id = Number(propertyId);
  const validId = Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647;
  const load = useCallback(() => {
    if (!validId) return;
    void request<{ agentProperty: Property }>(PROPERTY, { propertyId: id }).then((answer) => {
      setProperty(answer.data?.agentProperty ?? null);
      setMissing(!answer.data);
    });
  }, [request, id, validId]);
  useEffect(load, [load]);

  if (missing || !validId) return <p role="alert">Property not found. <Link to="/agent-portal/properties">All properties</Link></p>;
  if (!property) return <p role="status">Loading the property…</p>;
  const current = PROPERTY_TABS.some(([key]) => key === tab) ? tab : 'contracts';
  return (
    <>
      <h2 className="agent-property__address">{addressLine(property.address)}</h2>
      <p className="agent-muted">{label(property.status)}</p>
      <nav className="agent-tabs" aria-label="Property">
        {PROPERTY_TABS.map(([key, text]) => (
          <Link key={key} to={`/agent-portal/property/${property.id}/${key}`} aria-current={key === current ? 'page' : undefined}>
            {text}
          </Link>
        ))}
      </nav>
      {current === 'contracts' && <ContractsTab property={property} />}
      {current === 'supplier' && <SupplierTab property={property} />}
      {current === 'bill-packages' && <PackagesTab property={property} request={request} reload={load} />}
      {current === 'meter-readings' && <ReadingsTab property={property} request={request} reload={load} />}
    </>
  );
}

function ContractsTab({ property }: { property: Property }) {
  if (property.contracts.length === 0) return <p>No contracts yet.</p>;
  return (
    <div className="agent-grid">
      {property.contracts.map((contract) => (
        <section key={contract.id} className="agent-card" aria-label={`Contract ${ukDate(contract.signUpDate)} to ${ukDate(contract.endDate)}`}>
          <h3>
            {ukDate(contract.signUpDate)} – {ukDate(contract.endDate)} <span className="agent-badge">{label(contract.period)}</span>
          </h3>
          <p>
            {label(contract.status)} · {contract.billingType}
            {contract.agencyHouseContractStatus ? ` · ${label(contract.agencyHouseContractStatus)}` : ''} · {contract.numberOfTenants} tenants expected
          </p>
          <h4>Tenants</h4>
          {contract.tenantContracts.length === 0 ? (
            <p className="agent-muted">No tenant has signed up yet.</p>
          ) : (
            <ul className="agent-list">
              {contract.tenantContracts.map((t) => (
                <li key={t.id}>
                  {t.name} <span className="agent-muted">{label(t.status)} · {ukDate(t.startDate)} – {ukDate(t.endDate)}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}

function SupplierTab({ property }: { property: Property }) {
  if (property.supplies.length === 0) return <p>No supplies recorded for this property.</p>;
  return (
    <div className="agent-grid">
      {property.supplies.map((supply) => (
        <section key={supply.id} className="agent-card" aria-label={`${label(supply.utilityType)} supply`}>
          <h3>{label(supply.utilityType)}</h3>
          <dl className="agent-counts">
            <div>
              <dt>Supplier</dt>
              <dd>{supply.supplierName}</dd>
            </div>
            <div>
              <dt>{supply.utilityType === 'gas' ? 'MPRN' : 'MPAN'}</dt>
              <dd>{supply.mpxn}</dd>
            </div>
            <div>
              <dt>Supply</dt>
              <dd>
                {ukDate(supply.startDate)} – {ukDate(supply.endDate)}
              </dd>
            </div>
            {supply.meters.map((meter) => (
              <div key={meter.id}>
                <dt>Meter {meter.serialNumber}</dt>
                <dd>
                  {label(meter.meterType)}, {label(meter.rateType)}
                  {meter.isActive ? '' : ' (no longer in use)'}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}

function PackagesTab({ property, request, reload }: { property: Property; request: PortalContext['request']; reload: () => void }) {
  const shown = property.contracts.filter((c) => c.period !== 'PREVIOUS');
  if (shown.length === 0) return <p>No current or future contract, so no bills package.</p>;
  return (
    <div className="agent-grid">
      {shown.map((contract) => (
        <section key={contract.id} className="agent-card" aria-label={`Package ${ukDate(contract.signUpDate)}`}>
          <h3>
            {contract.billingType === 'PLAN' ? `${labelFor(contract.planType, PLAN_TYPES)} plan` : 'Pays for what the house uses'} <span className="agent-badge">{label(contract.period)}</span>
          </h3>
          <p className="agent-muted">
            {ukDate(contract.signUpDate)} – {ukDate(contract.endDate)}
          </p>
          <ul className="agent-list">
            {contract.services.map((s) => (
              <li key={s.id}>
                {label(s.utilityType)} <span className="agent-muted">{label(s.utilityStatus)}</span>
              </li>
            ))}
          </ul>
          {property.canEdit && contract.period === 'FUTURE' && contract.billingType === 'PLAN' ? <ChangePackage houseContractId={contract.id} request={request} onChanged={reload} /> : null}
        </section>
      ))}
    </div>
  );
}

function readFile(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).split(',')[1] ?? '');
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

function ReadingsTab({ property, request, reload }: { property: Property; request: PortalContext['request']; reload: () => void }) {
  const meters = property.meters.filter((m) => m.isActive);
  const [meterId, setMeterId] = useState(String(meters[0]?.id ?? ''));
  const [register, setRegister] = useState('');
  const [readingDate, setReadingDate] = useState('');
  const [value, setValue] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const [sent, setSent] = useState(false);
  const meter = meters.find((m) => String(m.id) === meterId);
  const registers = meter?.rateType === 'DUAL' ? ['DAY', 'NIGHT'] : [];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSent(false);
    const input = {
      meterId: Number(meterId),
      readingDate,
      value,
      register: registers.length ? register || registers[0] : null,
      confirmed: confirming,
      photo: photo ? { fileName: photo.name, contentType: photo.type, base64: await readFile(photo) } : null,
    };
    const answer = await request<{ agentSubmitMeterReading: { id: string } }>(SUBMIT, { input });
    if (answer.data) {
      setErrors({});
      setConfirming(false);
      setValue('');
      setPhoto(null);
      setSent(true);
      reload();
      return;
    }
    const fields = fieldMessages(answer);
    setErrors(Object.keys(fields).length ? fields : { form: answer.errors[0]?.message ?? 'The reading was not sent' });
    setConfirming(Boolean((answer.errors[0]?.extensions as { needsConfirmation?: boolean } | undefined)?.needsConfirmation));
  };

  return (
    <div className="agent-grid">
      {property.canEdit && meters.length > 0 && (
        <section className="agent-card" aria-labelledby="send-reading">
          <h3 id="send-reading">Send a meter reading</h3>
          <form className="agent-form" onSubmit={(e) => void submit(e)} noValidate>
            <div className="agent-field">
              <label htmlFor="agent-meter">Meter</label>
              <select id="agent-meter" value={meterId} onChange={(e) => setMeterId(e.target.value)}>
                {meters.map((m) => (
                  <option key={m.id} value={m.id}>
                    {label(m.utilityType)} {m.serialNumber}
                  </option>
                ))}
              </select>
            </div>
            {registers.length > 0 && (
              <div className="agent-field">
                <label htmlFor="agent-register">Register</label>
                <select id="agent-register" value={register || registers[0]} onChange={(e) => setRegister(e.target.value)}>
                  {registers.map((r) => (
                    <option key={r}>{r}</option>
                  ))}
                </select>
              </div>
            )}
            <div className="agent-field">
              <label htmlFor="agent-date-of-the-reading">Date of the reading</label>
              <input id="agent-date-of-the-reading" type="date" value={readingDate} onChange={(e) => setReadingDate(e.target.value)} aria-invalid={Boolean(errors.readingDate)} required />
              {errors.readingDate && <span className="agent-error">{errors.readingDate}</span>}
            </div>
            <div className="agent-field">
              <label htmlFor="agent-reading">Reading</label>
              <input id="agent-reading" inputMode="decimal" value={value} onChange={(e) => setValue(e.target.value)} aria-invalid={Boolean(errors.value)} required />
              {errors.value && <span className="agent-error">{errors.value}</span>}
            </div>
            <div className="agent-field">
              <label htmlFor="agent-photo-of-the-meter">Photo of the meter</label>
              <input id="agent-photo-of-the-meter" type="file" accept="image/*" onChange={(e) => setPhoto(e.target.files?.[0] ?? null)} />
              {(errors.photo || errors.file || errors.imageUploadId) && <span className="agent-error">{errors.photo || errors.file || errors.imageUploadId}</span>}
            </div>
            {(errors.meterId || errors.register || errors.form) && (
              <p role="alert" className="agent-error">
                {errors.meterId || errors.register || errors.form}
              </p>
            )}
            <button className="button" type="submit">
              {confirming ? 'Yes, send this reading' : 'Send reading'}
            </button>
            {sent && <p role="status">Reading sent: our team will check it.</p>}
          </form>
        </section>
      )}
      <section className="agent-card agent-card--wide" aria-labelledby="history">
        <h3 id="history">Reading history</h3>
        {property.readings.length === 0 ? (
          <p>No readings yet.</p>
        ) : (
          <ul className="agent-list" aria-label="Readings">
            {property.readings.map((r) => (
              <li key={r.id}>
                {ukDate(r.readingDate)} · {label(r.utilityType)} {r.serialNumber} {r.register !== 'SINGLE' ? r.register : ''} · <strong>{r.value}</strong>{' '}
                <span className="agent-muted">
                  {label(r.status)} · {r.source}
                  {r.hasPhoto ? ' · photo' : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
