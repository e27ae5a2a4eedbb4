import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { password as passwordRule, passwordsMatch, PASSWORD_RULE_MESSAGE } from '@app/api/rules';
import { AuthForm } from '../../../ui/AuthForm';
import { CardPanel } from './CardPanel';
import { Field, FormAlert, inputProps } from './Field';
import { COMPLETE_PATH, nextPath, pathOf, type WizardFlow } from './flows';
import { processSignup, type SignupResult } from './signup-api';
import { billSignupBody, planSignupBody, stepOfField } from './signup-request';
import { keepSignupResult } from './signup-result';
import { useWizard } from './useWizard';
import { WizardPage } from './WizardPage';

/**
 * The account: the tenant chooses a password and everything is created at once on the server (the same
 * request sent again, after a lost answer or a double click, creates nothing twice). A refusal about an
 * earlier answer links back to the step that asked it. My Energy Bill adds a card here when chosen.
 */
export function LoginStep({ flow }: { flow: WizardFlow }) {
  const wizard = useWizard(flow, 'login-step');
  return (
    <WizardPage flow={flow} step="login-step" title="Create your account" intro={<p>Choose a password for your online account. We will e-mail you a link to confirm your address.</p>} state={wizard.state}>
      {wizard.session && <AccountForm flow={flow} wizard={wizard} />}
    </WizardPage>
  );
}

function AccountForm({ flow, wizard }: { flow: WizardFlow; wizard: ReturnType<typeof useWizard> }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [terms, setTerms] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [elsewhere, setElsewhere] = useState<Array<{ field: string; message: string; step: string }>>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<SignupResult | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = Object.fromEntries(
      [
        ['password', password ? passwordRule(password) : 'Choose a password'],
        ['passwordConfirmation', passwordsMatch(password, confirmation)],
        ['terms', terms ? null : 'Agree to the terms to sign up'],
      ].filter(([, problem]) => problem),
    ) as Record<string, string>;
    setErrors(problems);
    setElsewhere([]);
    setMessage(null);
    if (Object.keys(problems).length) return;
    setBusy(true);
    const session = wizard.session!;
    const body = flow === 'ENERGY_BILL' ? billSignupBody(session, password, confirmation) : planSignupBody(session, password, confirmation);
    const outcome = await processSignup(flow === 'ENERGY_BILL' ? 'bill' : 'plan', body);
    setBusy(false);
    if (outcome.ok) {
      keepSignupResult(flow, outcome.value);
      if (flow === 'ENERGY_BILL' && outcome.value.paymentMethod === 'CREDIT_CARD') return setCreated(outcome.value);
      return navigate(nextPath(flow, 'login-step', session.state));
    }
    const here: Record<string, string> = {};
    const other: Array<{ field: string; message: string; step: string }> = [];
    for (const [field, text] of Object.entries(outcome.fields)) {
      if (field === 'password' || field === 'passwordConfirmation') here[field] = text;
      else other.push({ field, message: text, step: stepOfField(flow === 'ENERGY_BILL' ? 'ENERGY_BILL' : 'SIGNUP', field) ?? 'login-step' });
    }
    setErrors(here);
    setElsewhere(other);
    setMessage(outcome.message);
  };

  if (created) {
    return (
      <>
        <p className="wizard-success" role="status">
          Your account is created. Now add the card your bill will be paid with.
        </p>
        <CardPanel flow={flow} token={wizard.session!.token} returnPath={pathOf(flow, 'login-step')} onDone={() => navigate(COMPLETE_PATH)} />
      </>
    );
  }

  return (
    <AuthForm onSubmit={(event) => void submit(event)}>
      <FormAlert message={message} />
      {elsewhere.length > 0 && (
        <div className="auth-alert" role="alert">
          <p>Some answers need changing:</p>
          <ul>
            {elsewhere.map((problem) => (
              <li key={problem.field}>
                {problem.message} <Link to={pathOf(flow, problem.step)}>Change</Link>
              </li>
            ))}
          </ul>
        </div>
      )}
      <Field name="password" label="Password" hint={PASSWORD_RULE_MESSAGE} error={errors.password}>
        <input type="password" value={password} onChange={(event) => setPassword(event.target.value)} autoComplete="new-password" {...inputProps('password', errors.password)} />
      </Field>
      <Field name="passwordConfirmation" label="Password again" error={errors.passwordConfirmation}>
        <input type="password" value={confirmation} onChange={(event) => setConfirmation(event.target.value)} autoComplete="new-password" {...inputProps('passwordConfirmation', errors.passwordConfirmation)} />
      </Field>
      <label className="wizard-choice">
        <input type="checkbox" checked={terms} onChange={(event) => setTerms(event.target.checked)} {...inputProps('terms', errors.terms)} />
        <span>
          I agree to the <Link to="/legals/domestic-terms">terms and conditions</Link> and the <Link to="/policy/privacy-policy">privacy policy</Link>.
        </span>
      </label>
      {errors.terms && (
        <span id="signup-terms-error" className="auth-form__error">
          {errors.terms}
        </span>
      )}
      <div className="wizard-actions">
        <button className="button" type="submit" disabled={busy}>
          {busy ? 'Creating your account…' : 'Create my account'}
        </button>
      </div>
    </AuthForm>
  );
}
