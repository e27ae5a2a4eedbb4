import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { nextPath, type WizardFlow } from './flows';
import { readSignup, saveSignupStep, type Refusal, type WizardSession } from './signup-api';
import { forgetSignupToken, storedSignupToken } from './signup-token';
import { continueOrStartSignup } from './start-signup';

export type WizardState = { status: 'loading' } | { status: 'missing' } | { status: 'ready'; session: WizardSession };

/**
 * A wizard step's view of the sign-up kept on the server: loads it by this browser's token, gives the step's
 * earlier answers (back, forward and refresh show what was typed) and saves them before moving on.
 */
export function useWizard(flow: WizardFlow, step: string, { startsFlow = false }: { startsFlow?: boolean } = {}) {
  const navigate = useNavigate();
  const [state, setState] = useState<WizardState>({ status: 'loading' });

  useEffect(() => {
    // Read after hydration (the prerendered page cannot know this browser's token), and answered async.
    // The first step of a flow starts a sign-up when this browser has none; a later one sends the visitor back.
    const token = storedSignupToken(flow);
    let live = true;
    const found = startsFlow ? continueOrStartSignup(flow, 'lead') : token ? readSignup(token) : Promise.resolve(null);
    void found.then((outcome) => {
      if (!live) return;
      if (!outcome) return setState({ status: 'missing' });
      if (outcome.ok && !outcome.value.completed) return setState({ status: 'ready', session: outcome.value });
      // Unknown (or finished) here: this browser starts again rather than showing someone's old answers.
      if (outcome.ok || outcome.message?.includes('could not be found')) forgetSignupToken(flow);
      setState({ status: 'missing' });
    });
    return () => {
      live = false;
    };
  }, [flow, startsFlow]);

  const session = state.status === 'ready' ? state.session : null;

  /** Keeps this step's answers and goes to the next step (or where `to` says); a refusal comes back. */
  const save = useCallback(
    async (data: Record<string, unknown>, to?: string): Promise<Refusal | null> => {
      if (!session) return { fields: {}, message: 'This sign-up could not be found: please start again.' };
      const outcome = await saveSignupStep(session.token, step, data);
      if (!outcome.ok) return outcome;
      setState({ status: 'ready', session: outcome.value });
      navigate(to ?? nextPath(flow, step, outcome.value.state));
      return null;
    },
    [session, step, flow, navigate],
  );

  return { state, session, save, answers: (name: string) => ((session?.state[name] ?? {}) as Record<string, unknown>) };
}

/** A string answer kept by an earlier step, or ''. */
export function text(answers: Record<string, unknown>, name: string): string {
  const value = answers[name];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}
