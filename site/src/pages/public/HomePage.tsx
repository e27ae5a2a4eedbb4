import { Link } from 'react-router-dom';
import { useConfig, useFeature } from '../../config/ConfigContext';
import { PhoneLink } from '../../ui/PhoneLink';
import { usePageTitle } from '../../ui/usePageTitle';

const STEPS = [
  {
    title: 'Select your services',
    text: 'Choose the bills your house needs: green energy, water, broadband and TV licence. Tell us who lives with you and when your tenancy starts.',
  },
  {
    title: 'Pay a fixed monthly share',
    text: 'We add everything up and split it into equal, fixed monthly payments for each housemate. No surprise bills, no chasing each other for money.',
  },
  {
    title: 'Relax',
    text: 'We deal with the suppliers, meter readings and paperwork. With split liability, you are only ever responsible for your own share.',
  },
] as const;

// The quote call-to-action depends on the "quotingFO" feature flag. While the config is
// loading we keep the space reserved so the hero does not jump when it arrives.
function QuoteCallToAction() {
  const state = useConfig();
  const quotingOnline = useFeature('quotingFO');

  if (state.status === 'loading') return <div className="hero__cta hero__cta--pending" aria-hidden="true" />;
  if (quotingOnline) {
    return (
      <div className="hero__cta">
        <Link to="/signup/quote" className="button button--large">
          Get a FREE quote
        </Link>
      </div>
    );
  }
  const phone = state.status === 'ready' ? state.config.phone : '';
  return (
    <div className="hero__cta">
      <p className="hero__call">
        {phone ? (
          <>
            For a free quote, give us a call on <PhoneLink phone={phone} />. We are here Monday to Friday, 9am to
            5pm.
          </>
        ) : (
          <>
            For a free quote, give our customer service team a call. You will find our details in the{' '}
            <Link to="/help">Help Centre</Link>.
          </>
        )}
      </p>
    </div>
  );
}

export function HomePage() {
  usePageTitle();

  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero__inner">
          <h1 id="hero-title">Shared House Bills. Sorted.</h1>
          <p className="hero__lead">
            One fixed monthly share covers your green energy, water, broadband and TV licence. With split liability,
            each housemate pays only their own share and is never on the hook for anyone else’s.
          </p>
          <QuoteCallToAction />
        </div>
      </section>

      <section className="steps" aria-labelledby="steps-title">
        <div className="container">
          <h2 id="steps-title">How it works</h2>
          <ol className="steps__list">
            {STEPS.map((step, index) => (
              <li key={step.title} className="step">
                <span className="step__number" aria-hidden="true">
                  {index + 1}
                </span>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>
    </>
  );
}
