import { useState, type FormEvent } from 'react';
import { CUSTOMER_TYPES, email as emailRule, labelFor, londonDate, minimumAge, personName, ukMobile, ukPostcode } from '@app/api/rules';
import { AuthForm } from '../../../ui/AuthForm';
import { Field, FormAlert, inputProps } from './Field';
import { joining, type WizardFlow } from './flows';
import { useStepForm } from './useStepForm';
import { text, useWizard } from './useWizard';
import { WizardPage } from './WizardPage';

/**
 * The tenant's own details (names, e-mail, mobile, date of birth, who they are, where else to write to them)
 * and, for the first of a house, the e-mail addresses of the housemates to invite: each gets a link to join
 * this house and pays only their own share.
 */
export function TenantDetailsStep({ flow, step }: { flow: WizardFlow; step: string }) {
  const wizard = useWizard(flow, step);
  return (
    <WizardPage flow={flow} step={step} title="About you" intro={<p>We use these to set up your account and to contact you about your bills.</p>} state={wizard.state}>
      {wizard.session && <TenantForm flow={flow} wizard={wizard} />}
    </WizardPage>
  );
}

function TenantForm({ flow, wizard }: { flow: WizardFlow; wizard: ReturnType<typeof useWizard> }) {
  const state = wizard.session!.state;
  const kept = wizard.answers(flow === 'ENERGY_BILL' ? 'tenant' : 'tenant-details');
  const invitedEmail = text(wizard.answers('join'), 'email');
  const housemateCount = flow === 'SIGNUP' && !joining(state) ? Math.max(0, Number(text(wizard.answers('quote'), 'numberOfTenants') || '1') - 1) : 0;
  const [form, setForm] = useState({
    firstName: text(kept, 'firstName'),
    lastName: text(kept, 'lastName'),
    email: text(kept, 'email') || invitedEmail,
    mobile: text(kept, 'mobile'),
    dateOfBirth: text(kept, 'dateOfBirth'),
    customerType: text(kept, 'customerType') || 'STUDENT',
  });
  const keptAlternative = (kept.alternativeAddress ?? null) as Record<string, string> | null;
  const [hasAlternative, setHasAlternative] = useState(Boolean(keptAlternative));
  const [alternative, setAlternative] = useState({ line1: keptAlternative?.line1 ?? '', city: keptAlternative?.city ?? '', postcode: keptAlternative?.postcode ?? '' });
  const keptMates = (kept.housemates ?? []) as string[];
  const [housemates, setHousemates] = useState<string[]>(Array.from({ length: housemateCount }, (_, index) => keptMates[index] ?? ''));
  const { errors, setErrors, message, busy, saveAnswers } = useStepForm(wizard);

  const set = (name: keyof typeof form) => (event: { target: { value: string } }) => setForm({ ...form, [name]: event.target.value });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string | null> = {
      firstName: form.firstName.trim() ? personName(form.firstName) : 'Enter your first name',
      lastName: form.lastName.trim() ? personName(form.lastName) : 'Enter your last name',
      email: form.email.trim() ? emailRule(form.email) : 'Enter your e-mail address',
      mobile: form.mobile.trim() ? ukMobile(form.mobile) : 'Enter your mobile number',
      dateOfBirth: form.dateOfBirth ? minimumAge({ dateOfBirth: form.dateOfBirth, today: londonDate(new Date()) }) : 'Enter your date of birth',
    };
    if (hasAlternative) {
      problems['alternativeAddress.line1'] = alternative.line1.trim() ? null : 'Enter the first line of the address';
      problems['alternativeAddress.city'] = alternative.city.trim() ? null : 'Enter the town or city';
      problems['alternativeAddress.postcode'] = alternative.postcode.trim() ? ukPostcode(alternative.postcode) : 'Enter the postcode';
    }
    const mates = housemates.map((mate) => mate.trim());
    mates.forEach((mate, index) => {
      if (!mate) return;
      const lower = mate.toLowerCase();
      problems[`housemates.${index}`] =
        emailRule(mate) ?? (lower === form.email.trim().toLowerCase() || mates.findIndex((other) => other.toLowerCase() === lower) < index ? 'This e-mail address is already in your house' : null);
    });
    const found = Object.fromEntries(Object.entries(problems).filter(([, problem]) => problem)) as Record<string, string>;
    setErrors(found);
    if (Object.keys(found).length) return;
    await saveAnswers({ ...form, email: form.email.trim(), alternativeAddress: hasAlternative ? alternative : null, housemates: mates.filter(Boolean) });
  };

  return (
    <AuthForm onSubmit={(event) => void submit(event)}>
      <FormAlert message={message} />
      <div className="wizard-row">
        <Field name="firstName" label="First name" error={errors.firstName}>
          <input value={form.firstName} onChange={set('firstName')} autoComplete="given-name" {...inputProps('firstName', errors.firstName)} />
        </Field>
        <Field name="lastName" label="Last name" error={errors.lastName}>
          <input value={form.lastName} onChange={set('lastName')} autoComplete="family-name" {...inputProps('lastName', errors.lastName)} />
        </Field>
      </div>
      <Field name="email" label="E-mail address" error={errors.email}>
        <input type="email" value={form.email} onChange={set('email')} autoComplete="email" {...inputProps('email', errors.email)} />
      </Field>
      <Field name="mobile" label="Mobile number" hint="For example 07700 900123" error={errors.mobile}>
        <input type="tel" value={form.mobile} onChange={set('mobile')} autoComplete="tel" {...inputProps('mobile', errors.mobile)} />
      </Field>
      <div className="wizard-row">
        <Field name="dateOfBirth" label="Date of birth" error={errors.dateOfBirth}>
          <input type="date" value={form.dateOfBirth} onChange={set('dateOfBirth')} autoComplete="bday" {...inputProps('dateOfBirth', errors.dateOfBirth)} />
        </Field>
        <Field name="customerType" label="I am" error={errors.customerType}>
          <select value={form.customerType} onChange={set('customerType')} {...inputProps('customerType', errors.customerType)}>
            {CUSTOMER_TYPES.map((type) => (
              <option key={type} value={type}>
                {labelFor(type)}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <label className="wizard-choice">
        <input type="checkbox" checked={hasAlternative} onChange={(event) => setHasAlternative(event.target.checked)} />
        <span>Write to me at another address too (for example my home address)</span>
      </label>
      {hasAlternative && (
        <fieldset className="wizard-choices">
          <legend>Other address</legend>
          <Field name="alternativeAddress.line1" label="Address line 1" error={errors['alternativeAddress.line1'] ?? errors.alternativeAddress}>
            <input value={alternative.line1} onChange={(event) => setAlternative({ ...alternative, line1: event.target.value })} {...inputProps('alternativeAddress.line1', errors['alternativeAddress.line1'] ?? errors.alternativeAddress)} />
          </Field>
          <div className="wizard-row">
            <Field name="alternativeAddress.city" label="Town or city" error={errors['alternativeAddress.city']}>
              <input value={alternative.city} onChange={(event) => setAlternative({ ...alternative, city: event.target.value })} {...inputProps('alternativeAddress.city', errors['alternativeAddress.city'])} />
            </Field>
            <Field name="alternativeAddress.postcode" label="Postcode" error={errors['alternativeAddress.postcode']}>
              <input value={alternative.postcode} onChange={(event) => setAlternative({ ...alternative, postcode: event.target.value })} {...inputProps('alternativeAddress.postcode', errors['alternativeAddress.postcode'])} />
            </Field>
          </div>
        </fieldset>
      )}
      {housemateCount > 0 && (
        <fieldset className="wizard-choices">
          <legend>Invite your housemates (optional)</legend>
          <p className="wizard-field__hint">Each gets an e-mail with a link to join your house and pays only their own share. You can start before everyone has signed.</p>
          {housemates.map((mate, index) => (
            <Field key={index} name={`housemates.${index}`} label={`Housemate ${index + 1}’s e-mail`} error={errors[`housemates.${index}`]}>
              <input type="email" value={mate} onChange={(event) => setHousemates(housemates.map((m, i) => (i === index ? event.target.value : m)))} {...inputProps(`housemates.${index}`, errors[`housemates.${index}`])} />
            </Field>
          ))}
        </fieldset>
      )}
      <div className="wizard-actions">
        <button className="button" type="submit" disabled={busy}>
          Continue
        </button>
      </div>
    </AuthForm>
  );
}
