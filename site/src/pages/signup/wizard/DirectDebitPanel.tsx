import { useEffect, useState, type FormEvent } from 'react';
import { graphqlRequest } from '@app/api/client';
import { AuthForm } from '../../../ui/AuthForm';
import { Field, FormAlert, inputProps } from './Field';
import { setUpSignupDirectDebit, type MandateAnswer } from './signup-api';

const VALIDATE = 'query ($sort: String!, $account: String!) { validateBankDetails(sortCode: $sort, accountNumber: $account) { valid reason } }';
const PAUSE_MS = 400;

/**
 * The paperless Direct Debit Instruction: the bank details are checked (Vocalink modulus checking on the
 * server) as they are typed, the Direct Debit Guarantee is shown before the tenant confirms, and the mandate
 * is lodged with the bank by the server.
 */
export function DirectDebitPanel({ token, onDone }: { token: string; onDone(mandate: MandateAnswer): void }) {
  const [form, setForm] = useState({ accountHolderName: '', sortCode: '', accountNumber: '' });
  const [holder, setHolder] = useState(false);
  const [checked, setChecked] = useState<{ key: string; reason: string | null } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // The bank details checked after a pause in typing, once both look complete.
  useEffect(() => {
    const sort = form.sortCode.replace(/[\s-]/g, '');
    const account = form.accountNumber.replace(/\s/g, '');
    if (sort.length !== 6 || account.length < 6) return;
    let live = true;
    const timer = setTimeout(() => {
      void graphqlRequest<{ validateBankDetails: { valid: boolean; reason: string | null } }>(VALIDATE, { sort, account }).then((answer) => {
        const result = answer.data?.validateBankDetails;
        if (live && result) setChecked({ key: `${sort}/${account}`, reason: result.valid ? null : (result.reason ?? 'These bank details are not valid') });
      });
    }, PAUSE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [form.sortCode, form.accountNumber]);

  // The check shown is the one for the details as they are now, never for details since changed.
  const key = `${form.sortCode.replace(/[\s-]/g, '')}/${form.accountNumber.replace(/\s/g, '')}`;
  const check = checked?.key === key ? checked.reason : null;
  const set = (name: keyof typeof form) => (event: { target: { value: string } }) => setForm({ ...form, [name]: event.target.value });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = Object.fromEntries(
      [
        ['accountHolderName', form.accountHolderName.trim() ? null : 'Enter the name on the account'],
        ['sortCode', form.sortCode.trim() ? null : 'Enter the sort code'],
        ['accountNumber', form.accountNumber.trim() ? null : 'Enter the account number'],
        ['accountHolderConfirmed', holder ? null : 'Only the account holder can set up this Direct Debit'],
      ].filter(([, problem]) => problem),
    ) as Record<string, string>;
    setErrors(problems);
    setMessage(null);
    if (Object.keys(problems).length) return;
    setBusy(true);
    const outcome = await setUpSignupDirectDebit(token, { ...form, accountHolderConfirmed: holder });
    setBusy(false);
    if (outcome.ok) return onDone(outcome.value);
    setErrors(outcome.fields);
    setMessage(outcome.message);
  };

  return (
    <AuthForm onSubmit={(event) => void submit(event)}>
      <FormAlert message={message} />
      <Field name="accountHolderName" label="Name on the account" error={errors.accountHolderName ?? errors.accountName}>
        <input value={form.accountHolderName} onChange={set('accountHolderName')} autoComplete="name" maxLength={100} {...inputProps('accountHolderName', errors.accountHolderName ?? errors.accountName)} />
      </Field>
      <div className="wizard-row">
        <Field name="sortCode" label="Sort code" hint="For example 10-88-00" error={errors.sortCode}>
          <input value={form.sortCode} onChange={set('sortCode')} inputMode="numeric" maxLength={8} {...inputProps('sortCode', errors.sortCode)} />
        </Field>
        <Field name="accountNumber" label="Account number" error={errors.accountNumber ?? check ?? undefined}>
          <input value={form.accountNumber} onChange={set('accountNumber')} inputMode="numeric" maxLength={10} {...inputProps('accountNumber', errors.accountNumber ?? check ?? undefined)} />
        </Field>
      </div>
      <label className="wizard-choice">
        <input type="checkbox" checked={holder} onChange={(event) => setHolder(event.target.checked)} {...inputProps('accountHolderConfirmed', errors.accountHolderConfirmed)} />
        <span>I am the account holder and the only person needed to authorise debits from this account.</span>
      </label>
      {errors.accountHolderConfirmed && (
        <span id="signup-accountHolderConfirmed-error" className="auth-form__error">
          {errors.accountHolderConfirmed}
        </span>
      )}
      <section className="wizard-guarantee" aria-labelledby="dd-guarantee-title">
        <h2 id="dd-guarantee-title">The Direct Debit Guarantee</h2>
        <p>This Guarantee is offered by all banks and building societies that accept instructions to pay Direct Debits.</p>
        <p>If there are any changes to the amount, date or frequency of your Direct Debit we will notify you 10 working days in advance of your account being debited or as otherwise agreed.</p>
        <p>
          If an error is made in the payment of your Direct Debit, by us or your bank or building society, you are entitled to a full and immediate refund of the amount paid from your bank or building
          society.
        </p>
        <p>You can cancel a Direct Debit at any time by simply contacting your bank or building society. Written confirmation may be required. Please also notify us.</p>
      </section>
      <div className="wizard-actions">
        <button type="submit" className="button" disabled={busy || check !== null}>
          Set up my Direct Debit
        </button>
      </div>
    </AuthForm>
  );
}
