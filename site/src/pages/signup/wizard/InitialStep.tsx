import { Link } from 'react-router-dom';
import '../../signin/auth-forms.css';
import './wizard.css';

/** /signup/initial: where a visitor says how they come to sign up, and is sent to the right first step. */
export function InitialStep() {
  return (
    <div className="container wizard">
      <section className="wizard-card" aria-labelledby="wizard-title">
        <h1 id="wizard-title">Sign up</h1>
        <p>Everyone in the house signs up for their own share and pays only that. How are you signing up?</p>
        <ul className="wizard-address-list">
          <li>
            <Link className="wizard-address-option" to="/signup/quote">
              <strong>I’m the first of my house</strong>: get a quote and sign up the house.
            </Link>
          </li>
          <li>
            <Link className="wizard-address-option" to="/signup/join">
              <strong>A housemate invited me</strong>: join the house they signed up.
            </Link>
          </li>
          <li>
            <Link className="wizard-address-option" to="/my-energy-bill/signup">
              <strong>Just my energy bill</strong>: pay for the energy my home uses.
            </Link>
          </li>
        </ul>
        <p className="wizard-back">
          Already a customer? <Link to="/signin/tenant">Sign in</Link>
        </p>
      </section>
    </div>
  );
}
