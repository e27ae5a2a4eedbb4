import { useEffect, useState, type FormEvent } from 'react';
import { labelFor, PAYMENT_FREQUENCIES, promoCodeNotTenantId } from '@app/api/rules';
import { AuthForm } from '../../../ui/AuthForm';
import { Field, FormAlert, inputProps } from './Field';
import { checkReferralCode } from './signup-api';
import { joining } from './flows';
import { useStepForm } from './useStepForm';
import { text, useWizard } from './useWizard';
import { WizardPage } from './WizardPage';

const PAYMENT_DAYS = [...Array.from({ length: 29 }, (_, index) => String(index + 1)), '31'];
const dayName = (day: string) => (day === '31' ? 'Last day of the month' : `${day}${['1', '21'].includes(day) ? 'st' : ['2', '22'].includes(day) ? 'nd' : ['3', '23'].includes(day) ? 'rd' : 'th'} of the month`);
const METHODS = [
  { value: 'DIRECT_DEBIT', label: 'Direct Debit', hint: 'Taken from your bank account on your payment day, protected by the Direct Debit Guarantee.' },
  { value: 'CREDIT_CARD', label: 'Debit or credit card', hint: 'Kept safely by our card provider and charged on your payment day.' },
];

/**
 * How the tenant pays (Direct Debit or card, which day, how often), when broadband should start if the house
 * has it, and a referral or promo code. A housemate's house already has its broadband date.
 */
export function FinishingTouchesStep() {
  const wizard = useWizard('SIGNUP', 'add-finishing-touches');
  return (
    <WizardPage flow="SIGNUP" step="add-finishing-touches" title="Finishing touches" intro={<p>How and when you pay your share.</p>} state={wizard.state}>
      {wizard.session && <FinishingForm wizard={wizard} />}
    </WizardPage>
  );
}

function FinishingForm({ wizard }: { wizard: ReturnType<typeof useWizard> }) {
  const kept = wizard.answers('add-finishing-touches');
  const lead = !joining(wizard.session!.state);
  const services = ((wizard.answers('services').services ?? wizard.answers('quote').services ?? []) as string[]);
  const [form, setForm] = useState({
    paymentMethod: text(kept, 'paymentMethod') || 'DIRECT_DEBIT',
    paymentDay: text(kept, 'paymentDay') || '1',
    paymentFrequency: text(kept, 'paymentFrequency') || 'MONTHLY',
    broadbandStartDate: text(kept, 'broadbandStartDate'),
    referralCode: text(kept, 'referralCode'),
  });
  const { errors, setErrors, message, busy, saveAnswers } = useStepForm(wizard);
  const set = (name: keyof typeof form) => (event: { target: { value: string } }) => setForm({ ...form, [name]: event.target.value });

  // The referral or promo code checked after a pause in typing: "Referral code applied!" or why not.
  const [referral, setReferral] = useState<{ code: string; applied: boolean; message: string } | null>(null);
  const code = form.referralCode.trim();
  useEffect(() => {
    if (!code) return;
    let live = true;
    const timer = setTimeout(() => {
      void checkReferralCode(code).then((outcome) => {
        if (live && outcome.ok) setReferral({ code, ...outcome.value });
      });
    }, 400);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [code]);
  const referralNow = referral?.code === code ? referral : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const referral = promoCodeNotTenantId(form.referralCode);
    setErrors(referral ? { referralCode: referral } : {});
    if (referral) return;
    await saveAnswers({ ...form, paymentDay: Number(form.paymentDay), referralCode: form.referralCode.trim() || null, broadbandStartDate: form.broadbandStartDate || null });
  };

  return (
    <AuthForm onSubmit={(event) => void submit(event)}>
      <FormAlert message={message} />
      <fieldset className="wizard-choices">
        <legend>How would you like to pay?</legend>
        {METHODS.map((method) => (
          <label key={method.value} className="wizard-choice">
            <input type="radio" name="paymentMethod" value={method.value} checked={form.paymentMethod === method.value} onChange={set('paymentMethod')} />
            <span>
              <strong>{method.label}</strong>
              <br />
              {method.hint}
            </span>
          </label>
        ))}
      </fieldset>
      <div className="wizard-row">
        <Field name="paymentDay" label="Payment day" error={errors.paymentDay}>
          <select value={form.paymentDay} onChange={set('paymentDay')} {...inputProps('paymentDay', errors.paymentDay)}>
            {PAYMENT_DAYS.map((day) => (
              <option key={day} value={day}>
                {dayName(day)}
              </option>
            ))}
          </select>
        </Field>
        <Field name="paymentFrequency" label="How often" error={errors.paymentFrequency}>
          <select value={form.paymentFrequency} onChange={set('paymentFrequency')} {...inputProps('paymentFrequency', errors.paymentFrequency)}>
            {[...PAYMENT_FREQUENCIES].reverse().map((frequency) => (
              <option key={frequency} value={frequency}>
                {labelFor(frequency)}
              </option>
            ))}
          </select>
        </Field>
      </div>
      {lead && services.includes('broadband') && (
        <Field name="broadbandStartDate" label="When should broadband start? (optional)" hint="An indicative date at least 3 weeks away: we confirm the installation date by e-mail." error={errors.broadbandStartDate}>
          <input type="date" value={form.broadbandStartDate} onChange={set('broadbandStartDate')} {...inputProps('broadbandStartDate', errors.broadbandStartDate)} />
        </Field>
      )}
      <Field name="referralCode" label="Referral or promo code (optional)" error={errors.referralCode ?? (referralNow && !referralNow.applied ? referralNow.message : undefined)}>
        <input value={form.referralCode} onChange={set('referralCode')} autoComplete="off" {...inputProps('referralCode', errors.referralCode ?? (referralNow && !referralNow.applied ? referralNow.message : undefined))} />
      </Field>
      {referralNow?.applied && (
        <p className="wizard-success" role="status">
          {referralNow.message}
        </p>
      )}
      <div className="wizard-actions">
        <button className="button" type="submit" disabled={busy}>
          Continue
        </button>
      </div>
    </AuthForm>
  );
}
