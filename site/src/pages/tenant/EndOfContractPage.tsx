import { useState } from 'react';
import { day, tenantMutation, USER_CONTRACTS, useTenantQuery, type UserContracts } from './tenant-api';
import { Loading, Panel, TenantPage } from './TenantPage';

const SAVE = `mutation ($input: EndOfContractChoiceInput!) { setEndOfContractChoice(input: $input) { id eoyAction } }`;

const CHOICES = [
  { value: 'LEAVE', title: 'Leave', text: 'You are moving out when your contract ends. We close your account, take a final meter reading and send your final statement; your housemates are not affected.' },
  { value: 'STAY', title: 'Stay', text: 'You are staying in this house next year. We carry your bills over to the new contract so nothing is cut off.' },
  { value: 'MOVE', title: 'Move', text: 'You are moving to another house and want us to do its bills too. We close this account and help you set up the new house.' },
];

/** Adds days to an ISO date (local arithmetic on the calendar day). */
function plusDays(iso: string, days: number): string {
  const date = new Date(`${iso}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * /tenant-profile/end-of-contract: leave, stay or move, with what each means and until when the choice can be
 * made (§4: the contract's end plus 90 days). Saved on the tenant's contract, where staff see it.
 */
export function EndOfContractPage() {
  return (
    <TenantPage title="End of contract">
      <EndOfContract />
    </TenantPage>
  );
}

function EndOfContract() {
  const { data, error, reload } = useTenantQuery<UserContracts>(USER_CONTRACTS, { filters: 'END_OF_YEAR' });
  const [choice, setChoice] = useState<string | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const contract = data?.getUserContracts.contracts.find((c) => c.period !== 'FUTURE') ?? null;
  if (!data) return <Loading error={error} />;
  if (!contract) return <p>You have no contract ending soon, so there is nothing to choose.</p>;
  const chosen = choice ?? contract.eoyAction;
  async function save() {
    if (!chosen) {
      setMessage({ ok: false, text: 'Choose leave, stay or move' });
      return;
    }
    const { answer, fields } = await tenantMutation<{ setEndOfContractChoice: { eoyAction: string } }>(SAVE, { input: { contractId: contract!.id, choice: chosen } });
    if (answer.errors.length) setMessage({ ok: false, text: fields.choice ?? answer.errors[0]!.message });
    else {
      setMessage({ ok: true, text: `Saved: you chose to ${chosen.toLowerCase()}. You can change your mind until ${day(plusDays(contract!.endDate, 90))}.` });
      reload();
    }
  }
  return (
    <Panel title={`Your contract ends on ${day(contract.endDate)}`} id="choice">
      <p>
        Tell us what you will do when it ends. Please choose before {day(contract.endDate)} so we can plan your final reading; the choice stays open until{' '}
        {day(plusDays(contract.endDate, 90))}.
      </p>
      <form
        className="tenant-form"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <fieldset>
          <legend>What will you do?</legend>
          {CHOICES.map((option) => (
            <label key={option.value} className="tenant-choice">
              <input type="radio" name="eoy" value={option.value} checked={chosen === option.value} onChange={() => setChoice(option.value)} />
              <span>
                <strong>{option.title}</strong> — {option.text}
              </span>
            </label>
          ))}
        </fieldset>
        <button type="submit" className="button">
          Save my choice
        </button>
        {message ? (
          <p className={message.ok ? 'tenant-success' : 'tenant-field-error'} role={message.ok ? 'status' : 'alert'}>
            {message.text}
          </p>
        ) : null}
      </form>
    </Panel>
  );
}
