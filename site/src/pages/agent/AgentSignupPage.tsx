import { useState, type FormEvent } from 'react';
import { fieldMessages, graphqlRequest } from '@app/api/client';
import { article } from '../../content/agents-signup';
import { ArticlePage } from '../../ui/ArticlePage';
import { useHydrated } from '../../ui/useHydrated';
import '../signin/auth-forms.css';

const SIGNUP = 'mutation ($input: AgentSignupInput!) { agentSignup(input: $input) { id stage } }';
const FIELDS = [
  ['agencyName', 'Agency name', 'organization', true],
  ['contactName', 'Your name', 'name', true],
  ['email', 'Email', 'email', true],
  ['phone', 'Phone', 'tel', false],
  ['cityName', 'City', 'address-level2', false],
] as const;
type Field = (typeof FIELDS)[number][0];

/** /agents/signup: what a partner agency needs, and a form that records it as an agency lead for the team. */
export function AgentSignupPage() {
  const hydrated = useHydrated();
  const [values, setValues] = useState<Record<Field, string>>({ agencyName: '', contactName: '', email: '', phone: '', cityName: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const answer = await graphqlRequest<{ agentSignup: { id: number } }>(SIGNUP, { input: values });
    setBusy(false);
    if (answer.data) return setDone(true);
    const fields = fieldMessages(answer);
    setErrors(Object.keys(fields).length ? fields : { form: answer.errors[0]?.message ?? 'Something went wrong. Please try again' });
  };

  return (
    <>
      <ArticlePage article={article} />
      <div className="auth-page">
        <section className="auth-card" aria-labelledby="agent-signup-form">
          <h2 id="agent-signup-form">Register your agency</h2>
          {done ? (
            <p role="status">Thank you: our partnerships team will be in touch, usually within two working days.</p>
          ) : (
            <form className="auth-form" onSubmit={(e) => void submit(e)} noValidate>
              <fieldset className="auth-form__fields" disabled={!hydrated || busy}>
                {FIELDS.map(([name, text, autoComplete, required]) => (
                  <label key={name}>
                    {text}
                    {required ? '' : ' (optional)'}
                    <input
                      name={name}
                      type={name === 'email' ? 'email' : name === 'phone' ? 'tel' : 'text'}
                      autoComplete={autoComplete}
                      value={values[name]}
                      onChange={(e) => setValues({ ...values, [name]: e.target.value })}
                      aria-invalid={Boolean(errors[name])}
                      aria-describedby={errors[name] ? `${name}-error` : undefined}
                      required={required}
                    />
                    {errors[name] && (
                      <span id={`${name}-error`} className="auth-form__error">
                        {errors[name]}
                      </span>
                    )}
                  </label>
                ))}
                {errors.form && <p role="alert">{errors.form}</p>}
                <button className="button" type="submit">
                  Register
                </button>
              </fieldset>
            </form>
          )}
        </section>
      </div>
    </>
  );
}
