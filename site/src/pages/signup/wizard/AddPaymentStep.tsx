import { useNavigate } from 'react-router-dom';
import { formatDisplayDate } from '@app/api/rules';
import { CardPanel } from './CardPanel';
import { DirectDebitPanel } from './DirectDebitPanel';
import { COMPLETE_PATH, pathOf } from './flows';
import { readSignupResult } from './signup-result';
import { text, useWizard } from './useWizard';
import { WizardPage } from './WizardPage';

/** The last step of /signup: the card (in the provider's tab) or the Direct Debit the tenant chose to pay by. */
export function AddPaymentStep() {
  const wizard = useWizard('SIGNUP', 'add-payment');
  const navigate = useNavigate();
  const method = text(wizard.answers('add-finishing-touches'), 'paymentMethod');
  const result = readSignupResult('SIGNUP');
  return (
    <WizardPage
      flow="SIGNUP"
      step="add-payment"
      title={method === 'CREDIT_CARD' ? 'Add your card' : 'Set up your Direct Debit'}
      intro={
        result?.firstCollectionDate ? <p>Your first payment is taken on {formatDisplayDate(result.firstCollectionDate)}; we e-mail you before each new amount.</p> : <p>This is how your share is paid on your payment day.</p>
      }
      state={wizard.state}
      final
    >
      {wizard.session &&
        (method === 'CREDIT_CARD' ? (
          <CardPanel flow="SIGNUP" token={wizard.session.token} returnPath={pathOf('SIGNUP', 'add-payment')} onDone={() => navigate(COMPLETE_PATH)} />
        ) : (
          <DirectDebitPanel token={wizard.session.token} onDone={() => navigate(COMPLETE_PATH)} />
        ))}
    </WizardPage>
  );
}
