import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatDisplayDate, formatPounds, labelFor, PLAN_TYPES } from '@app/api/rules';
import { useLiveQuote, type QuoteForm } from '../quote-api';
import { FormAlert } from './Field';
import { joining, pathOf, type WizardFlow } from './flows';
import { useStepForm } from './useStepForm';
import { text, useWizard } from './useWizard';
import { WizardPage } from './WizardPage';

type Answers = Record<string, unknown>;
const list = (values: unknown) => ((values ?? []) as string[]).map((value) => labelFor(value)).join(', ') || '—';
const date = (value: unknown) => (typeof value === 'string' && value ? formatDisplayDate(value) : '—');
const addressOf = (answers: Answers) => [answers.line1, answers.line2, answers.city, answers.postcode].filter(Boolean).join(', ');

/**
 * Everything the visitor said, in words, with a way back to each step, and the price their share comes to
 * (priced again now for the first of a house; a housemate's is the house's). Nothing is created until the
 * next step, where they choose a password.
 */
export function SummaryStep({ flow, step }: { flow: WizardFlow; step: string }) {
  const wizard = useWizard(flow, step);
  return (
    <WizardPage flow={flow} step={step} title="Check your answers" intro={<p>Make sure everything is right before you create your account.</p>} state={wizard.state}>
      {wizard.session && (flow === 'ENERGY_BILL' ? <EnergyBillSummary wizard={wizard} /> : <PlanSummary wizard={wizard} />)}
    </WizardPage>
  );
}

function Section({ title, change, children }: { title: string; change: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <div className="wizard-section-head">
        <h2>{title}</h2>
        <Link to={change} aria-label={`Change ${title.toLowerCase()}`}>
          Change
        </Link>
      </div>
      <dl className="wizard-summary">{children}</dl>
    </section>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </>
  );
}

function YouSection({ flow, answers }: { flow: WizardFlow; answers: Answers }) {
  return (
    <Section title="About you" change={pathOf(flow, flow === 'ENERGY_BILL' ? 'tenant' : 'tenant-details')}>
      <Row term="Name">{`${text(answers, 'firstName')} ${text(answers, 'lastName')}`}</Row>
      <Row term="E-mail">{text(answers, 'email')}</Row>
      <Row term="Mobile">{text(answers, 'mobile')}</Row>
      <Row term="Date of birth">{date(answers.dateOfBirth)}</Row>
      {answers.alternativeAddress ? <Row term="Other address">{addressOf(answers.alternativeAddress as Answers)}</Row> : null}
    </Section>
  );
}

function ContinueButton({ wizard }: { wizard: ReturnType<typeof useWizard> }) {
  const { message, busy, saveAnswers } = useStepForm(wizard, { showsFields: false });
  return (
    <>
      <FormAlert message={message} />
      <div className="wizard-actions wizard-back">
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => void saveAnswers({ checked: true })}
        >
          Continue
        </button>
      </div>
    </>
  );
}

function PlanSummary({ wizard }: { wizard: ReturnType<typeof useWizard> }) {
  const housemate = joining(wizard.session!.state);
  const quote = wizard.answers('quote');
  const house = wizard.answers('services');
  const join = wizard.answers('join');
  const details = wizard.answers('tenant-details');
  const touches = wizard.answers('add-finishing-touches');
  const form: QuoteForm = {
    postcode: text(house, 'postcode') || text(quote, 'postcode'),
    numberOfTenants: text(quote, 'numberOfTenants'),
    bedrooms: text(quote, 'bedrooms'),
    services: (house.services ?? quote.services ?? []) as string[],
    broadbandSpeed: text(house, 'broadbandSpeed') || text(quote, 'broadbandSpeed') || '400',
    startDate: text(quote, 'startDate'),
    endDate: text(quote, 'endDate'),
  };
  const priced = useLiveQuote(form, !housemate);
  const option = priced.status === 'priced' ? priced.quote.options.find((candidate) => candidate.planType === quote.planType) : undefined;
  const planType = housemate ? text(join, 'planType') : text(quote, 'planType');
  const weekly = housemate ? Number(join.weeklyPerTenantPence) : option?.weeklyPerTenantPence;
  const monthly = housemate ? Number(join.monthlyPerTenantPence) : option?.monthlyPerTenantPence;

  return (
    <>
      <p className="wizard-price" aria-live="polite">
        {weekly !== undefined && !Number.isNaN(weekly) ? (
          <>
            Your share: <strong>{formatPounds(weekly)} a week</strong> ({formatPounds(monthly ?? 0)} a month) on {planType ? labelFor(planType, PLAN_TYPES) : 'your plan'}
          </>
        ) : priced.status === 'invalid' || priced.status === 'failed' ? (
          'We could not price this house with these answers: check the house and services.'
        ) : (
          'Working out your price…'
        )}
      </p>
      {housemate ? (
        <Section title="Your house" change={pathOf('SIGNUP', 'join')}>
          <Row term="Address">{text(join, 'address')}</Row>
          <Row term="Plan">{planType ? labelFor(planType, PLAN_TYPES) : '—'}</Row>
          <Row term="Dates">{`${date(join.startDate)} to ${date(join.endDate)}`}</Row>
          <Row term="Signed so far">{`${text(join, 'signedCount')} of ${text(join, 'expectedCount')}`}</Row>
        </Section>
      ) : (
        <Section title="Your house" change={pathOf('SIGNUP', 'services')}>
          <Row term="Address">{addressOf(house)}</Row>
          <Row term="Plan">{planType ? labelFor(planType, PLAN_TYPES) : '—'}</Row>
          <Row term="Tenants">{text(quote, 'numberOfTenants')}</Row>
          <Row term="Services">{list(form.services)}</Row>
          {form.services.includes('broadband') ? <Row term="Broadband">{labelFor(form.broadbandSpeed)}</Row> : null}
          <Row term="Dates">{`${date(quote.startDate)} to ${date(quote.endDate)}`}</Row>
        </Section>
      )}
      <YouSection flow="SIGNUP" answers={details} />
      {!housemate && (
        <Section title="Housemates invited" change={pathOf('SIGNUP', 'tenant-details')}>
          <Row term="E-mails">{((details.housemates ?? []) as string[]).join(', ') || 'None yet: you can invite them later from your account.'}</Row>
        </Section>
      )}
      <Section title="Paying" change={pathOf('SIGNUP', 'add-finishing-touches')}>
        <Row term="Method">{labelFor(text(touches, 'paymentMethod'))}</Row>
        <Row term="Payment day">{text(touches, 'paymentDay') === '31' ? 'Last day of the month' : `Day ${text(touches, 'paymentDay')} of the month`}</Row>
        <Row term="How often">{labelFor(text(touches, 'paymentFrequency'))}</Row>
        {touches.broadbandStartDate ? <Row term="Broadband from">{date(touches.broadbandStartDate)}</Row> : null}
        {touches.referralCode ? <Row term="Referral code">{text(touches, 'referralCode')}</Row> : null}
      </Section>
      <ContinueButton wizard={wizard} />
    </>
  );
}

function EnergyBillSummary({ wizard }: { wizard: ReturnType<typeof useWizard> }) {
  const house = wizard.answers('house');
  const quotes = wizard.answers('quotes');
  const payment = wizard.answers('payment');
  return (
    <>
      {quotes.monthlyPerTenantPence !== undefined && (
        <p className="wizard-price">
          Estimated: <strong>{formatPounds(Number(quotes.monthlyPerTenantPence))} a month</strong> each. Your bill is for the energy your home uses.
        </p>
      )}
      <Section title="Your home" change={pathOf('ENERGY_BILL', 'house')}>
        <Row term="Address">{addressOf(house)}</Row>
        <Row term="People">{text(house, 'numberOfTenants')}</Row>
        <Row term="Energy">{list(house.services)}</Row>
        <Row term="Dates">{`${date(house.startDate)} to ${date(house.endDate)}`}</Row>
      </Section>
      <YouSection flow="ENERGY_BILL" answers={wizard.answers('tenant')} />
      <Section title="Paying" change={pathOf('ENERGY_BILL', 'payment')}>
        <Row term="Method">{labelFor(text(payment, 'paymentMethod'))}</Row>
      </Section>
      <ContinueButton wizard={wizard} />
    </>
  );
}
