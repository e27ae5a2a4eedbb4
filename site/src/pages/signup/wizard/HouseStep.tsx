import { useState, type FormEvent } from 'react';
import { BROADBAND_SPEEDS, labelFor, ukPostcode, utilitiesSelection } from '@app/api/rules';
import { AuthForm } from '../../../ui/AuthForm';
import { OFFERED_SERVICES } from '../quote-api';
import { AddressFinder, type AddressAnswer } from './AddressFinder';
import { Field, FormAlert, inputProps } from './Field';
import type { WizardFlow } from './flows';
import { useStepForm } from './useStepForm';
import { text, useWizard } from './useWizard';
import { WizardPage } from './WizardPage';

const ENERGY_SERVICES = ['electric', 'gas'];
const COUNTS = Array.from({ length: 12 }, (_, index) => String(index + 1));

/**
 * The house and what it needs. On /signup/services (after the quote) the visitor finds the house's address
 * and confirms the services the quote priced; on /my-energy-bill/signup/house (the first step of My Energy
 * Bill) they also say how many live there and for which dates, which the quote step then prices.
 */
export function HouseStep({ flow, step }: { flow: WizardFlow; step: string }) {
  const energyBill = flow === 'ENERGY_BILL';
  const wizard = useWizard(flow, step, { startsFlow: energyBill });
  return (
    <WizardPage
      flow={flow}
      step={step}
      title={energyBill ? 'Your home' : 'Your house and services'}
      intro={<p>{energyBill ? 'Where you live, who lives there and when: we price your energy from this.' : 'Find the house’s address and check the services you want.'}</p>}
      state={wizard.state}
    >
      {wizard.session && <HouseForm energyBill={energyBill} wizard={wizard} />}
    </WizardPage>
  );
}

function HouseForm({ energyBill, wizard }: { energyBill: boolean; wizard: ReturnType<typeof useWizard> }) {
  const kept = wizard.answers(energyBill ? 'house' : 'services');
  const quote = wizard.answers('quote');
  const [address, setAddress] = useState<AddressAnswer>({
    line1: text(kept, 'line1'),
    line2: text(kept, 'line2'),
    city: text(kept, 'city'),
    postcode: text(kept, 'postcode') || text(quote, 'postcode'),
  });
  const initialServices = (kept.services ?? quote.services ?? (energyBill ? ENERGY_SERVICES : ['electric', 'gas', 'water', 'broadband'])) as string[];
  const [services, setServices] = useState<string[]>(initialServices);
  const [broadbandSpeed, setBroadbandSpeed] = useState(text(kept, 'broadbandSpeed') || text(quote, 'broadbandSpeed') || '400');
  const [numberOfTenants, setNumberOfTenants] = useState(text(kept, 'numberOfTenants') || '1');
  const [startDate, setStartDate] = useState(text(kept, 'startDate'));
  const [endDate, setEndDate] = useState(text(kept, 'endDate'));
  const { errors, setErrors, message, busy, saveAnswers } = useStepForm(wizard);
  const offered: readonly string[] = energyBill ? ENERGY_SERVICES : OFFERED_SERVICES;
  // An address just found or typed is no longer the one the last check refused: its messages go with it.
  const changeAddress = (next: AddressAnswer) => {
    setAddress(next);
    setErrors(({ line1: _line1, line2: _line2, city: _city, postcode: _postcode, ...others }) => others);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (!address.line1.trim()) problems.line1 = 'Enter the first line of the address';
    if (!address.city.trim()) problems.city = 'Enter the town or city';
    const postcodeProblem = address.postcode.trim() ? ukPostcode(address.postcode) : 'Enter the postcode';
    if (postcodeProblem) problems.postcode = postcodeProblem;
    const servicesProblem = energyBill ? (services.length ? null : 'Choose electricity, gas or both') : utilitiesSelection(services);
    if (servicesProblem) problems.services = servicesProblem;
    if (energyBill && !startDate) problems.startDate = 'Enter the date your bill should start';
    if (energyBill && !endDate) problems.endDate = 'Enter the date your tenancy ends';
    setErrors(problems);
    if (Object.keys(problems).length) return;
    const data: Record<string, unknown> = { ...address, services, broadbandSpeed: services.includes('broadband') ? broadbandSpeed : null };
    await saveAnswers(energyBill ? { ...data, numberOfTenants, startDate, endDate } : data);
  };

  return (
    <AuthForm onSubmit={(event) => void submit(event)}>
      <FormAlert message={message} />
      <AddressFinder value={address} onChange={changeAddress} errors={errors} initialSearch={address.postcode} />
      <fieldset className="wizard-choices" aria-describedby={errors.services ? 'signup-services-error' : undefined}>
        <legend>Services</legend>
        {offered.map((service) => (
          <label key={service} className="wizard-choice">
            <input
              type="checkbox"
              name="services"
              value={service}
              checked={services.includes(service)}
              onChange={(event) => setServices(event.target.checked ? offered.filter((s) => s === service || services.includes(s)) : services.filter((s) => s !== service))}
            />
            <span>{labelFor(service)}</span>
          </label>
        ))}
        {errors.services && (
          <span id="signup-services-error" className="auth-form__error">
            {errors.services}
          </span>
        )}
      </fieldset>
      {services.includes('broadband') && (
        <Field name="broadbandSpeed" label="Broadband speed" error={errors.broadbandSpeed}>
          <select value={broadbandSpeed} onChange={(event) => setBroadbandSpeed(event.target.value)} {...inputProps('broadbandSpeed', errors.broadbandSpeed)}>
            {BROADBAND_SPEEDS.map((speed) => (
              <option key={speed} value={speed}>
                {labelFor(speed)}
              </option>
            ))}
          </select>
        </Field>
      )}
      {energyBill && (
        <>
          <Field name="numberOfTenants" label="People living there" error={errors.numberOfTenants}>
            <select value={numberOfTenants} onChange={(event) => setNumberOfTenants(event.target.value)} {...inputProps('numberOfTenants', errors.numberOfTenants)}>
              {COUNTS.map((count) => (
                <option key={count}>{count}</option>
              ))}
            </select>
          </Field>
          <div className="wizard-row">
            <Field name="startDate" label="Bill starts on" error={errors.startDate}>
              <input type="date" value={startDate} onChange={(event) => setStartDate(event.target.value)} {...inputProps('startDate', errors.startDate)} />
            </Field>
            <Field name="endDate" label="Tenancy ends on" error={errors.endDate}>
              <input type="date" value={endDate} onChange={(event) => setEndDate(event.target.value)} {...inputProps('endDate', errors.endDate)} />
            </Field>
          </div>
        </>
      )}
      <div className="wizard-actions">
        <button className="button" type="submit" disabled={busy}>
          Continue
        </button>
      </div>
    </AuthForm>
  );
}
