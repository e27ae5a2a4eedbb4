import { useEffect, useState, type ChangeEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { BROADBAND_SPEEDS, labelFor } from '@app/api/rules';
import { useConfig, useFeature } from '../../config/ConfigContext';
import { QuoteCallToAction } from '../../ui/QuoteCallToAction';
import { useHydrated } from '../../ui/useHydrated';
import { QuoteOptions } from './QuoteOptions';
import { SaveQuoteForm } from './SaveQuoteForm';
import { OFFERED_SERVICES, useLiveQuote, type QuoteForm } from './quote-api';
import { readSignup, saveSignupStep } from './wizard/signup-api';
import { storedSignupToken } from './wizard/signup-token';
import { continueOrStartSignup } from './wizard/start-signup';
import { joining } from './wizard/flows';
import '../signin/auth-forms.css';
import './signup.css';

const SERVICES = OFFERED_SERVICES;
const TENANT_CHOICES = Array.from({ length: 12 }, (_, index) => String(index + 1));
const BEDROOM_CHOICES = Array.from({ length: 14 }, (_, index) => String(index + 1));

const INITIAL_FORM: QuoteForm = {
  postcode: '',
  numberOfTenants: '4',
  bedrooms: '',
  services: ['electric', 'gas', 'water', 'broadband'],
  broadbandSpeed: '400',
  startDate: '',
  endDate: '',
};

/**
 * /signup and /signup/quote: the first step of sign-up. The visitor describes the house and sees each plan's
 * price per tenant as they go; the dates default to the next academic year, which the answer fills in.
 */
export function SignupQuotePage() {
  const hydrated = useHydrated();
  const config = useConfig();
  const quotingOnline = useFeature('quotingFO');
  const [form, setForm] = useState<QuoteForm>(INITIAL_FORM);
  const state = useLiveQuote(form, hydrated && quotingOnline);
  const fields = state.status === 'invalid' ? state.fields : {};
  const navigate = useNavigate();
  const [choosing, setChoosing] = useState(false);
  const [chooseError, setChooseError] = useState<string | null>(null);

  // Back from a later step: the house as it was described, not the blank form.
  useEffect(() => {
    const token = storedSignupToken('SIGNUP');
    if (!token) return;
    void readSignup(token).then((found) => {
      const kept = found.ok && !found.value.completed && !joining(found.value.state) ? (found.value.state.quote as Partial<QuoteForm> | undefined) : undefined;
      if (kept?.postcode) setForm((current) => ({ ...current, ...kept }));
    });
  }, []);

  /** The first step of sign-up: the chosen plan and the house as described, kept on the server. */
  const choose = async (planType: string) => {
    setChoosing(true);
    setChooseError(null);
    const session = await continueOrStartSignup('SIGNUP', 'lead');
    const saved = session.ok ? await saveSignupStep(session.value.token, 'quote', { ...form, planType }) : session;
    setChoosing(false);
    if (saved.ok) navigate('/signup/services');
    else setChooseError(saved.message ?? Object.values(saved.fields)[0] ?? 'We could not start your sign-up. Please try again.');
  };

  // The dates priced when the visitor left them empty: shown in the date fields, so what is priced is visible.
  const priced = state.status === 'priced' ? state.quote : null;
  if (priced && !form.startDate && !form.endDate) setForm({ ...form, startDate: priced.startDate, endDate: priced.endDate });

  const set = (name: keyof QuoteForm) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setForm({ ...form, [name]: event.target.value });
  const toggle = (service: string) => (event: ChangeEvent<HTMLInputElement>) =>
    setForm({ ...form, services: event.target.checked ? SERVICES.filter((s) => s === service || form.services.includes(s)) : form.services.filter((s) => s !== service) });

  if (config.status === 'ready' && !quotingOnline) {
    return (
      <div className="container signup-quote">
        <h1>Get a quote</h1>
        <QuoteCallToAction />
      </div>
    );
  }

  return (
    <div className="container signup-quote">
      <h1>Get a quote</h1>
      <p className="signup-quote__intro">Tell us about your house and see what each housemate pays. Prices update as you go; nothing is kept unless you ask us to e-mail you the quote.</p>
      <div className="quote-layout">
        <form className="auth-form quote-form" aria-label="Your house" onSubmit={(event) => event.preventDefault()} noValidate>
          <fieldset className="auth-form__fields" disabled={!hydrated}>
            <Field name="postcode" label="Postcode of the house" error={fields.postcode}>
              <input autoComplete="postal-code" value={form.postcode} onChange={set('postcode')} {...fieldProps('postcode', fields.postcode)} />
            </Field>
              <Field name="numberOfTenants" label="Tenants" error={fields.numberOfTenants}>
                <select value={form.numberOfTenants} onChange={set('numberOfTenants')} {...fieldProps('numberOfTenants', fields.numberOfTenants)}>
                  {TENANT_CHOICES.map((count) => (
                    <option key={count}>{count}</option>
                  ))}
                </select>
              </Field>
              <Field name="bedrooms" label="Bedrooms" error={fields.bedrooms}>
                <select value={form.bedrooms} onChange={set('bedrooms')} {...fieldProps('bedrooms', fields.bedrooms)}>
                  <option value="">Same as tenants</option>
                  {BEDROOM_CHOICES.map((count) => (
                    <option key={count}>{count}</option>
                  ))}
                </select>
              </Field>
            <fieldset className="quote-form__services" aria-describedby={fields.services ? 'services-error' : undefined}>
              <legend>Services</legend>
              {SERVICES.map((service) => (
                <label key={service} className="quote-form__check">
                  <input type="checkbox" name="services" value={service} checked={form.services.includes(service)} onChange={toggle(service)} />
                  {labelFor(service)}
                </label>
              ))}
              {fields.services && (
                <span id="services-error" className="auth-form__error">
                  {fields.services}
                </span>
              )}
            </fieldset>
            {form.services.includes('broadband') && (
              <Field name="broadbandSpeed" label="Broadband speed" error={fields.broadbandSpeed}>
                <select value={form.broadbandSpeed} onChange={set('broadbandSpeed')} {...fieldProps('broadbandSpeed', fields.broadbandSpeed)}>
                  {BROADBAND_SPEEDS.map((speed) => (
                    <option key={speed} value={speed}>
                      {labelFor(speed)}
                    </option>
                  ))}
                </select>
              </Field>
            )}
              <Field name="startDate" label="Move-in date" error={fields.startDate}>
                <input type="date" value={form.startDate} onChange={set('startDate')} {...fieldProps('startDate', fields.startDate)} />
              </Field>
              <Field name="endDate" label="Move-out date" error={fields.endDate}>
                <input type="date" value={form.endDate} onChange={set('endDate')} {...fieldProps('endDate', fields.endDate)} />
              </Field>
          </fieldset>
        </form>
        <section className="quote-results" aria-labelledby="quote-results-title" aria-live="polite" aria-busy={state.status === 'pricing'}>
          <h2 id="quote-results-title">Your prices</h2>
          {state.status === 'idle' && <p>Enter the postcode of the house to see prices.</p>}
          {state.status === 'invalid' && <p>Check the answers marked on the left to see prices.</p>}
          {state.status === 'failed' && <p role="alert">{state.message}</p>}
          {state.status === 'pricing' && !state.quote && <p>Working out your prices…</p>}
          {(state.status === 'priced' || (state.status === 'pricing' && state.quote)) && <QuoteOptions quote={state.status === 'priced' ? state.quote : state.quote!} onChoose={(plan) => void choose(plan)} choosing={choosing || state.status !== 'priced'} />}
          {chooseError && (
            <p className="auth-alert" role="alert">
              {chooseError}
            </p>
          )}
          {(state.status === 'priced' || (state.status === 'pricing' && state.quote)) && <SaveQuoteForm form={form} priced={state.status === 'priced'} />}
        </section>
      </div>
    </div>
  );
}

/** An input's name and id, and its link to its error message for screen readers. */
function fieldProps(name: string, error: string | undefined) {
  return { id: `quote-${name}`, name, 'aria-invalid': Boolean(error), 'aria-describedby': error ? `${name}-error` : undefined };
}

/** A label, its input and the input's error. The label names the input alone (not a select's chosen option). */
function Field({ name, label, error, children }: { name: string; label: string; error: string | undefined; children: ReactNode }) {
  return (
    <div className="quote-form__field">
      <label htmlFor={`quote-${name}`}>{label}</label>
      {children}
      {error && (
        <span id={`${name}-error`} className="auth-form__error">
          {error}
        </span>
      )}
    </div>
  );
}
