import { useState, type FormEvent } from 'react';
import { AuthForm } from '../../../ui/AuthForm';
import { FormAlert } from './Field';
import { useStepForm } from './useStepForm';
import { text, useWizard } from './useWizard';
import { WizardPage } from './WizardPage';

const METHODS = [
  { value: 'CREDIT_CARD', label: 'Debit or credit card', hint: 'Each bill is charged to your card when it is due; you add the card once your account is created.' },
  { value: 'PAY_ON_RECEIPT', label: 'Pay each bill myself', hint: 'We e-mail each bill; pay it within 14 days from your account.' },
];

/** /my-energy-bill/signup/payment: how the energy bill is paid. */
export function EnergyBillPaymentStep() {
  const wizard = useWizard('ENERGY_BILL', 'payment');
  const [method, setMethod] = useState<string | null>(null);
  const { message, busy, saveAnswers } = useStepForm(wizard, { showsFields: false });
  const chosen = method ?? (text(wizard.answers('payment'), 'paymentMethod') || 'CREDIT_CARD');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await saveAnswers({ paymentMethod: chosen });
  };

  return (
    <WizardPage flow="ENERGY_BILL" step="payment" title="How you pay" state={wizard.state}>
      <AuthForm onSubmit={(event) => void submit(event)}>
        <FormAlert message={message} />
        <fieldset className="wizard-choices">
          <legend>How would you like to pay your bill?</legend>
          {METHODS.map((option) => (
            <label key={option.value} className="wizard-choice">
              <input type="radio" name="paymentMethod" value={option.value} checked={chosen === option.value} onChange={() => setMethod(option.value)} />
              <span>
                <strong>{option.label}</strong>
                <br />
                {option.hint}
              </span>
            </label>
          ))}
        </fieldset>
        <div className="wizard-actions">
          <button className="button" type="submit" disabled={busy}>
            Continue
          </button>
        </div>
      </AuthForm>
    </WizardPage>
  );
}
