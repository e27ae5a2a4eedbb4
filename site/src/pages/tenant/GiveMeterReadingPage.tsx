import { useId, useState, type FormEvent } from 'react';
import { getToken } from '@app/api/client';
import { day, label, tenantMutation, useTenantQuery } from './tenant-api';
import { Loading, Panel, TenantPage } from './TenantPage';

const METERS = `query { tenantMeters { contractId canSubmit today meters { id utilityType meterType rateType serialNumber registers lastReadings { register readingDate value type status } } } }`;
const SUBMIT = `mutation ($input: TenantReadingInput!) { submitTenantMeterReading(input: $input) { id status register value readingDate } }`;

interface Meter {
  id: number;
  utilityType: string;
  meterType: string;
  rateType: string;
  serialNumber: string;
  registers: string[];
  lastReadings: Array<{ register: string; readingDate: string; value: number; type: string; status: string }>;
}
interface MetersAnswer {
  tenantMeters: { contractId: number; canSubmit: boolean; today: string; meters: Meter[] };
}

const REGISTER_LABEL: Record<string, string> = { SINGLE: 'Reading', DAY: 'Day (normal) rate', NIGHT: 'Night (low) rate' };

/**
 * /tenant-profile/give-meter-reading: each meter of the tenant's house (single and dual rate) with its last
 * reading; a new reading with an optional photo goes to staff for approval (source TENANT_PORTAL). A reading
 * lower than the last or implausibly high is sent back with the reason and sent again once confirmed.
 */
export function GiveMeterReadingPage() {
  return (
    <TenantPage title="Submit Meter Reads" intro="Read each meter on the same day and add a photo of its display if you can: it helps us approve the reading quickly.">
      <Meters />
    </TenantPage>
  );
}

function Meters() {
  const { data, error, reload } = useTenantQuery<MetersAnswer>(METERS);
  const answer = data?.tenantMeters;
  if (!answer) return <Loading error={error} />;
  if (!answer.meters.length) return <p>We have no meters on record for your house yet. Please call us to give a reading.</p>;
  return (
    <div className="tenant-grid">
      {answer.meters.map((meter) => (
        <Panel key={meter.id} title={`${label(meter.utilityType)} meter ${meter.serialNumber}`} id={`meter-${meter.id}`}>
          <p className="tenant-muted">
            {meter.rateType === 'DUAL' ? 'Dual rate (day and night)' : meter.utilityType === 'gas' ? `Gas, ${meter.rateType === 'IMPERIAL' ? 'imperial (hundreds of cubic feet)' : 'metric (cubic metres)'}` : 'Single rate'}
          </p>
          <h3>Last reading</h3>
          {meter.lastReadings.length ? (
            <ul className="tenant-list">
              {meter.lastReadings.map((reading) => (
                <li key={reading.register}>
                  {REGISTER_LABEL[reading.register]}: <strong>{reading.value}</strong> on {day(reading.readingDate)}
                  {reading.type.includes('ESTIMATE') ? ' (estimated)' : ''}
                  {reading.status === 'PENDING' ? ' — waiting for approval' : ''}
                </li>
              ))}
            </ul>
          ) : (
            <p>No reading yet.</p>
          )}
          {answer.canSubmit ? <ReadingForm meter={meter} today={answer.today} onSaved={reload} /> : <p>Your contract ended more than a month ago, so readings can no longer be given here.</p>}
        </Panel>
      ))}
    </div>
  );
}

function ReadingForm({ meter, today, onSaved }: { meter: Meter; today: string; onSaved(): void }) {
  const id = useId();
  const [register, setRegister] = useState(meter.registers[0]!);
  const [value, setValue] = useState('');
  const [date, setDate] = useState(today);
  const [photo, setPhoto] = useState<File | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [confirm, setConfirm] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The photo is stored once: confirming a reading after a warning sends the same upload again.
  const [uploaded, setUploaded] = useState<number | null>(null);

  async function uploadPhoto(): Promise<number | null | 'failed'> {
    if (!photo) return null;
    if (uploaded) return uploaded;
    const token = getToken();
    const res = await fetch('/api/v2/tenant-area/reading-photos', {
      method: 'POST',
      headers: { 'content-type': photo.type || 'application/octet-stream', 'x-file-name': encodeURIComponent(photo.name), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: photo,
    });
    const body = (await res.json().catch(() => ({}))) as { id?: number; error?: { message?: string; fields?: Array<{ field: string; message: string }> } };
    if (res.ok && body.id) {
      setUploaded(body.id);
      return body.id;
    }
    setFields({ file: body.error?.fields?.[0]?.message ?? body.error?.message ?? 'The photo could not be uploaded' });
    return 'failed';
  }

  async function submit(event: FormEvent, confirmed = false) {
    event.preventDefault();
    setBusy(true);
    setFields({});
    setDone(null);
    try {
      const imageUploadId = await uploadPhoto();
      if (imageUploadId === 'failed') return;
      const { answer, fields: refused } = await tenantMutation<{ submitTenantMeterReading: { id: number } }>(SUBMIT, {
        input: { meterId: meter.id, register, readingDate: date, value: value.trim(), imageUploadId, confirmed },
      });
      const needsConfirmation = (answer.errors[0]?.extensions as { needsConfirmation?: boolean } | undefined)?.needsConfirmation;
      if (needsConfirmation) {
        setConfirm(refused.value ?? answer.errors[0]!.message);
        return;
      }
      if (answer.errors.length) {
        setFields(Object.keys(refused).length ? refused : { value: answer.errors[0]!.message });
        return;
      }
      setConfirm(null);
      setValue('');
      setPhoto(null);
      setUploaded(null);
      setDone(`Thank you: your reading of ${value.trim()} was sent for approval.`);
      onSaved();
    } finally {
      setBusy(false);
    }
  }

  const error = (name: string) =>
    fields[name] ? (
      <p className="tenant-field-error" id={`${id}-${name}-error`}>
        {fields[name]}
      </p>
    ) : null;
  return (
    <form className="tenant-form" onSubmit={(event) => void submit(event)} noValidate>
      <h3>Give a reading</h3>
      {meter.registers.length > 1 ? (
        <label>
          Register
          <select value={register} onChange={(event) => setRegister(event.target.value)}>
            {meter.registers.map((r) => (
              <option key={r} value={r}>
                {REGISTER_LABEL[r]}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <label>
        Reading
        <input inputMode="decimal" value={value} onChange={(event) => setValue(event.target.value)} aria-invalid={Boolean(fields.value)} aria-describedby={fields.value ? `${id}-value-error` : undefined} required />
      </label>
      {error('value')}
      {error('register')}
      <label>
        Date read
        <input type="date" value={date} max={today} onChange={(event) => setDate(event.target.value)} aria-invalid={Boolean(fields.readingDate)} />
      </label>
      {error('readingDate')}
      <label>
        Photo of the meter (optional)
        <input type="file" accept="image/jpeg,image/png,image/webp,image/heic" onChange={(event) => {
            setPhoto(event.target.files?.[0] ?? null);
            setUploaded(null);
          }} />
      </label>
      {error('file')}
      {error('imageUploadId')}
      {error('meterId')}
      {confirm ? (
        <div role="alert">
          <p className="tenant-field-error">{confirm}</p>
          <button type="button" className="button" disabled={busy} onClick={(event) => void submit(event, true)}>
            Yes, this reading is right
          </button>
        </div>
      ) : (
        <button type="submit" className="button" disabled={busy}>
          Send reading
        </button>
      )}
      {done ? (
        <p className="tenant-success" role="status">
          {done}
        </p>
      ) : null}
    </form>
  );
}
