import { formatPounds, labelFor } from '@app/api/rules';
import { useLiveQuote, type QuoteForm } from '../quote-api';
import { FormAlert } from './Field';
import { useStepForm } from './useStepForm';
import { text, useWizard } from './useWizard';
import { WizardPage } from './WizardPage';
import '../signup.css';

/** /my-energy-bill/signup/quotes: what the home's energy is estimated to cost each person, from the home's answers. */
export function EnergyBillQuoteStep() {
  const wizard = useWizard('ENERGY_BILL', 'quotes');
  return (
    <WizardPage flow="ENERGY_BILL" step="quotes" title="Your estimate" intro={<p>Your bill is for the energy your home actually uses; this is what a home like yours usually pays.</p>} state={wizard.state}>
      {wizard.session && <Estimate wizard={wizard} />}
    </WizardPage>
  );
}

function Estimate({ wizard }: { wizard: ReturnType<typeof useWizard> }) {
  const house = wizard.answers('house');
  const form: QuoteForm = {
    postcode: text(house, 'postcode'),
    numberOfTenants: text(house, 'numberOfTenants'),
    bedrooms: '',
    services: (house.services ?? []) as string[],
    broadbandSpeed: '400',
    startDate: text(house, 'startDate'),
    endDate: text(house, 'endDate'),
    billingType: 'BILL',
  };
  const priced = useLiveQuote(form, true);
  const option = priced.status === 'priced' ? priced.quote.options[0] : undefined;
  const { message, busy, saveAnswers } = useStepForm(wizard, { showsFields: false });

  return (
    <>
      <FormAlert message={message} />
      <div aria-live="polite">
        {option ? (
          <>
            <p className="wizard-price">
              About <strong>{formatPounds(option.monthlyPerTenantPence)} a month</strong> each ({formatPounds(option.weeklyPerTenantPence)} a week)
            </p>
            <table className="quote-option__lines">
              <caption>Each person’s estimated share a month</caption>
              <tbody>
                {option.lines.map((line) => (
                  <tr key={line.service}>
                    <th scope="row">{labelFor(line.service)}</th>
                    <td>{formatPounds(line.monthlyPerTenantPence)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        ) : priced.status === 'invalid' ? (
          <p role="alert">{Object.values(priced.fields)[0]}</p>
        ) : priced.status === 'failed' ? (
          <p role="alert">{priced.message}</p>
        ) : (
          <p>Working out your estimate…</p>
        )}
      </div>
      <div className="wizard-actions wizard-back">
        <button
          type="button"
          className="button"
          disabled={!option || busy}
          onClick={() => void saveAnswers({ weeklyPerTenantPence: option!.weeklyPerTenantPence, monthlyPerTenantPence: option!.monthlyPerTenantPence })}
        >
          Continue
        </button>
      </div>
    </>
  );
}
