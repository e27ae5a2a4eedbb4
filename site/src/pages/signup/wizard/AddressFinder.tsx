import { useState } from 'react';
import { graphqlRequest } from '@app/api/client';
import { Field, inputProps } from './Field';

export interface AddressAnswer {
  line1: string;
  line2: string;
  city: string;
  postcode: string;
}

type Candidate = { id: string; type: string; text: string; description: string };
type Found = { postCode: string; streetName: string; address2: string | null; cityName: string };

const FIND = 'query ($text: String!, $container: String) { findAddress(text: $text, container: $container) { id type text description } }';
const RETRIEVE = 'query ($id: String!) { retrieveAddress(id: $id) { postCode streetName address2 cityName } }';

/**
 * The house's address: found by postcode (the address service lists the addresses in it; a postcode or street
 * it offers opens to its addresses) or typed in full, always. Choosing an address fills the fields below,
 * which stay editable.
 */
export function AddressFinder({ value, onChange, errors, initialSearch }: { value: AddressAnswer; onChange(next: AddressAnswer): void; errors: Record<string, string>; initialSearch: string }) {
  const [search, setSearch] = useState(initialSearch);
  const [candidates, setCandidates] = useState<Candidate[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const find = async (container?: string) => {
    setBusy(true);
    setProblem(null);
    const answer = await graphqlRequest<{ findAddress: Candidate[] }>(FIND, { text: search.trim(), container: container ?? null }).catch(() => null);
    setBusy(false);
    const list = answer?.data?.findAddress;
    if (!list) return setProblem(answer?.errors[0]?.message ?? 'The address finder is not answering just now: please enter your address yourself.');
    // A postcode typed in full finds just that postcode: open it to its addresses at once.
    if (!container && list.length === 1 && list[0]!.type !== 'Address') return find(list[0]!.id);
    setCandidates(list);
    if (!list.length) setProblem('No addresses found: check the postcode, or enter your address yourself.');
  };

  const pick = async (candidate: Candidate) => {
    if (candidate.type !== 'Address') return find(candidate.id);
    setBusy(true);
    const answer = await graphqlRequest<{ retrieveAddress: Found }>(RETRIEVE, { id: candidate.id }).catch(() => null);
    setBusy(false);
    const found = answer?.data?.retrieveAddress;
    if (!found) return setProblem(answer?.errors[0]?.message ?? 'We could not find that address: enter it yourself.');
    onChange({ line1: found.streetName, line2: found.address2 ?? '', city: found.cityName, postcode: found.postCode });
    setCandidates(null);
  };

  const set = (name: keyof AddressAnswer) => (event: { target: { value: string } }) => onChange({ ...value, [name]: event.target.value });
  return (
    <fieldset className="wizard-choices">
      <legend>Address of the house</legend>
      <div className="wizard-field">
        <label htmlFor="signup-address-search">Find the address by postcode</label>
        <div className="wizard-actions">
          <input id="signup-address-search" value={search} onChange={(event) => setSearch(event.target.value)} autoComplete="off" />
          <button type="button" className="button button--secondary" onClick={() => void find()} disabled={busy || !search.trim()}>
            Find address
          </button>
        </div>
      </div>
      {problem && <p role="status">{problem}</p>}
      {candidates && candidates.length > 0 && (
        <div className="wizard-address-results" role="region" aria-label="Addresses found" tabIndex={0}>
          <ul className="wizard-address-list">
            {candidates.map((candidate) => (
              <li key={candidate.id}>
                <button type="button" className="wizard-address-option" onClick={() => void pick(candidate)} disabled={busy}>
                  {candidate.text}, {candidate.description}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <Field name="line1" label="Address line 1" error={errors.line1}>
        <input value={value.line1} onChange={set('line1')} autoComplete="address-line1" {...inputProps('line1', errors.line1)} />
      </Field>
      <Field name="line2" label="Address line 2 (optional)" error={errors.line2}>
        <input value={value.line2} onChange={set('line2')} autoComplete="address-line2" {...inputProps('line2', errors.line2)} />
      </Field>
      <div className="wizard-row">
        <Field name="city" label="Town or city" error={errors.city}>
          <input value={value.city} onChange={set('city')} autoComplete="address-level2" {...inputProps('city', errors.city)} />
        </Field>
        <Field name="postcode" label="Postcode" error={errors.postcode}>
          <input value={value.postcode} onChange={set('postcode')} autoComplete="postal-code" {...inputProps('postcode', errors.postcode)} />
        </Field>
      </div>
    </fieldset>
  );
}
