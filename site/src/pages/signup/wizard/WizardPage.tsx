import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Loader } from '../../../ui/Loader';
import { ENTRY_PATH, previousPath, progressOf, type WizardFlow } from './flows';
import type { WizardState } from './useWizard';
import '../../signin/auth-forms.css';
import './wizard.css';

interface Props {
  flow: WizardFlow;
  step: string;
  title: string;
  intro?: ReactNode;
  state: WizardState;
  /** No way back: the sign-up is already made (the payment step). */
  final?: boolean;
  children: ReactNode;
}

/**
 * The frame of every wizard step: where the visitor is ("Step 3 of 7"), the step's title, the way back, and
 * what to do when this browser has no sign-up in progress (a link from an old e-mail, a finished sign-up).
 */
export function WizardPage({ flow, step, title, intro, state, final = false, children }: Props) {
  if (state.status === 'loading') return <Loader />;
  if (state.status === 'missing') {
    return (
      <div className="container wizard">
        <section className="wizard-card" aria-labelledby="wizard-title">
          <h1 id="wizard-title">{title}</h1>
          <p>We could not find a sign-up in progress in this browser. It may have been finished, or started on another device.</p>
          <p>
            <Link className="button" to={ENTRY_PATH[flow]}>
              Start your sign-up
            </Link>
          </p>
          <p>
            Already signed up? <Link to={flow === 'ENERGY_BILL' ? '/my-energy-bill/login' : '/signin/tenant'}>Sign in</Link>
          </p>
        </section>
      </div>
    );
  }
  const answers = state.session.state;
  const { number, total } = progressOf(flow, step, answers);
  const back = final ? null : previousPath(flow, step, answers);
  return (
    <div className="container wizard">
      <section className="wizard-card" aria-labelledby="wizard-title">
        {number > 0 && (
          <p className="wizard-progress">
            Step {number} of {total}
          </p>
        )}
        <h1 id="wizard-title">{title}</h1>
        {intro && <div className="wizard-intro">{intro}</div>}
        {children}
        {back && (
          <p className="wizard-back">
            <Link to={back}>Back</Link>
          </p>
        )}
      </section>
    </div>
  );
}
