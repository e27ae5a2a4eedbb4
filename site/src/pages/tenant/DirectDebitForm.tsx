import { useState } from 'react';
import { tenantMutation } from './tenant-api';

const SET_UP = `mutation ($input: DirectDebitSetUpInput!) { mandate: setUpDirectDebit(input: $input) { reference } }`;

/**
 * A paperless Direct Debit Instruction: the account holder's name, sort code and account number (checked by
 * the server with Vocalink's modulus rules), and the account holder's own confirmation. Each refusal is shown
 * under its field, in the server's words.
 */
export function DirectDebitForm({ contractId, onDone }: { contractId: number; onDone(message: string): void }) {
  const [accountName, setAccountName] = useState('');
  const [sortCode, setSortCode] = useState('');
  const [accountNumber, setAccountNumber] = useState('');
  const [holder, setHolder] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setBusy(true);
    setFailure(null);
    const { answer, fields } = await tenantMutation<{ mandate: { reference: string } }>(SET_UP, {
      input: { tenantId: String(contractId), accountName, sortCode, accountNumber, accountHolderConfirmed: holder },
    });
    setBusy(false);
    setErrors(fields);
    const reference = answer.data?.mandate.reference;
    if (reference) onDone(`Your Direct Debit is set up (reference ${reference}). We have e-mailed you the details and the Direct Debit Guarantee.`);
    else if (Object.keys(fields).length === 0) setFailure(answer.errors[0]?.message ?? 'The Direct Debit could not be set up.');
  };

  const error = (field: string) =>
    errors[field] ? (
      <span className="tenant-field-error" id={`dd-${field}-error`}>
        {errors[field]}
      </span>
    ) : null;
  const described = (field: string) => (errors[field] ? `dd-${field}-error` : undefined);
  return (
    <form
      className="tenant-form"
      aria-label="Set up a Direct Debit"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <label>
        Account holder name
        <input value={accountName} onChange={(event) => setAccountName(event.target.value)} autoComplete="name" maxLength={100} required aria-invalid={Boolean(errors.accountName)} aria-describedby={described('accountName')} />
        {error('accountName')}
      </label>
      <label>
        Sort code
        <input value={sortCode} onChange={(event) => setSortCode(event.target.value)} inputMode="numeric" placeholder="00-00-00" maxLength={8} required aria-invalid={Boolean(errors.sortCode)} aria-describedby={described('sortCode')} />
        {error('sortCode')}
      </label>
      <label>
        Account number
        <input value={accountNumber} onChange={(event) => setAccountNumber(event.target.value)} inputMode="numeric" maxLength={10} required aria-invalid={Boolean(errors.accountNumber)} aria-describedby={described('accountNumber')} />
        {error('accountNumber')}
      </label>
      <label className="tenant-choice">
        <input type="checkbox" checked={holder} onChange={(event) => setHolder(event.target.checked)} aria-invalid={Boolean(errors.accountHolderConfirmed)} aria-describedby={described('accountHolderConfirmed')} />
        <span>I am the account holder and the only person needed to authorise debits from this account.</span>
      </label>
      {error('accountHolderConfirmed')}
      <p className="tenant-muted">
        Your payments are protected by the Direct Debit Guarantee. We tell you each new amount and date at least 10 working days before we collect it.
      </p>
      <button type="submit" className="button" disabled={busy}>
        Set up Direct Debit
      </button>
      {failure ? (
        <p className="tenant-field-error" role="alert">
          {failure}
        </p>
      ) : null}
    </form>
  );
}
