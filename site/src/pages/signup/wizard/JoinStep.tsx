import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { email as emailRule, formatDisplayDate, formatPounds, labelFor, PLAN_TYPES } from '@app/api/rules';
import { AuthForm } from '../../../ui/AuthForm';
import '../../signin/auth-forms.css';
import { Field, FormAlert, inputProps } from './Field';
import { pathOf } from './flows';
import { readInvitation, saveSignupStep, type Invitation } from './signup-api';
import { continueOrStartSignup } from './start-signup';
import './wizard.css';

/**
 * /signup/join: a housemate arrives from the invitation e-mail (the house contract and their e-mail are in the
 * link), sees the house, its plan and their share, and joins it. Only an invited e-mail can join.
 */
export function JoinStep() {
  const navigate = useNavigate();
  const params = new URLSearchParams(typeof window === 'undefined' ? '' : window.location.search);
  const [houseContractId, setHouseContractId] = useState(params.get('houseContractId') ?? '');
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [invitation, setInvitation] = useState<Invitation | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const find = async (event?: FormEvent) => {
    event?.preventDefault();
    const problems = Object.fromEntries(
      [
        ['houseContractId', /^\d{1,10}$/.test(houseContractId.trim()) ? null : 'Enter the house contract ID from your invitation'],
        ['email', email.trim() ? emailRule(email) : 'Enter the e-mail address you were invited at'],
      ].filter(([, problem]) => problem),
    ) as Record<string, string>;
    setErrors(problems);
    setMessage(null);
    if (Object.keys(problems).length) return;
    setBusy(true);
    const outcome = await readInvitation(Number(houseContractId.trim()), email.trim());
    setBusy(false);
    if (outcome.ok) return setInvitation(outcome.value);
    setErrors(outcome.fields);
    setMessage(outcome.message);
  };

  // From the invitation's link both answers are there: look the house up at once.
  useEffect(() => {
    if (params.get('houseContractId') && params.get('email')) void find();
    // Once, after hydration: the link's answers do not change while the page is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const join = async () => {
    if (!invitation) return;
    setBusy(true);
    const session = await continueOrStartSignup('SIGNUP', 'housemate');
    const saved = session.ok ? await saveSignupStep(session.value.token, 'join', { ...invitation, email: email.trim() }) : session;
    setBusy(false);
    if (saved.ok) navigate(pathOf('SIGNUP', 'tenant-details'));
    else setMessage(saved.message ?? Object.values(saved.fields)[0] ?? 'We could not start your sign-up. Please try again.');
  };

  return (
    <div className="container wizard">
      <section className="wizard-card" aria-labelledby="wizard-title">
        <h1 id="wizard-title">Join your house</h1>
        <FormAlert message={message} />
        {invitation ? (
          <>
            <p>You have been invited to join:</p>
            <dl className="wizard-summary">
              <dt>House</dt>
              <dd>{invitation.address}</dd>
              <dt>Plan</dt>
              <dd>{invitation.planType ? labelFor(invitation.planType, PLAN_TYPES) : 'Pay for what you use'}</dd>
              <dt>Your share</dt>
              <dd>
                {formatPounds(invitation.weeklyPerTenantPence)} a week ({formatPounds(invitation.monthlyPerTenantPence)} a month)
              </dd>
              <dt>Dates</dt>
              <dd>
                {formatDisplayDate(invitation.startDate)} to {formatDisplayDate(invitation.endDate)}
              </dd>
              <dt>Signed so far</dt>
              <dd>
                {invitation.signedCount} of {invitation.expectedCount} signed
              </dd>
            </dl>
            <p>You pay only your own share: nobody ever pays for a housemate.</p>
            <div className="wizard-actions wizard-back">
              <button type="button" className="button" onClick={() => void join()} disabled={busy}>
                Join this house
              </button>
            </div>
          </>
        ) : (
          <>
            <p>Enter the house contract ID and the e-mail address from your invitation.</p>
            <AuthForm onSubmit={(event) => void find(event)}>
              <Field name="houseContractId" label="House contract ID" error={errors.houseContractId}>
                <input value={houseContractId} onChange={(event) => setHouseContractId(event.target.value)} inputMode="numeric" {...inputProps('houseContractId', errors.houseContractId)} />
              </Field>
              <Field name="email" label="E-mail address" error={errors.email}>
                <input type="email" value={email} onChange={(event) => setEmail(event.target.value)} autoComplete="email" {...inputProps('email', errors.email)} />
              </Field>
              <div className="wizard-actions">
                <button className="button" type="submit" disabled={busy}>
                  Find my house
                </button>
              </div>
            </AuthForm>
          </>
        )}
      </section>
    </div>
  );
}
