import { Link } from 'react-router-dom';
import { QuoteCallToAction } from '../../ui/QuoteCallToAction';
import { Advantages } from './home/Advantages';
import { Counter } from './home/Counter';
import { EnergyCrisis } from './home/EnergyCrisis';
import { Reviews } from './home/Reviews';

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

export function HomePage() {
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero__inner">
          <h1 id="hero-title">Shared House Bills. Sorted.</h1>
          <p className="hero__lead">
            One fixed monthly share covers your green energy, water, broadband and TV licence. With split liability,
            each housemate pays only their own share and is never on the hook for anyone else’s.
          </p>
          <QuoteCallToAction className="cta hero__cta" />
        </div>
      </section>

      <EnergyCrisis />

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

      <Advantages />

      <section className="home-green" aria-labelledby="home-green-title">
        <div className="container home-green__inner">
          <div>
            <h2 id="home-green-title">Greener by default</h2>
            <p>
              The electricity in every one of our packages is 100% green, generated from wind. We plant a tree for every
              customer who signs up, and we are growing a rewilding grove in the Scottish Highlands so that native
              woodland can return.
            </p>
            <Link to="/sustainability">How we look after the planet</Link>
          </div>
          <Counter />
        </div>
      </section>

      <Reviews />

      <section className="slogan" aria-labelledby="slogan-title">
        <div className="container">
          <h2 id="slogan-title">All your bills. One simple share. No drama.</h2>
          <Link to="/bill-packages" className="button button--large">
            Compare our packages
          </Link>
        </div>
      </section>
    </>
  );
}
