import type { SignupFlow } from './signup-api';

/*
 * Where each step of a flow lives and what follows it. A lead tenant (a new house) goes from the quote; a
 * housemate invited by e-mail starts at join, and the house, its plan and its price come from the house
 * contract they join. The page after the last step is /signup-complete.
 */

export const COMPLETE_PATH = '/signup-complete';

export const STEP_PATHS: Record<Exclude<SignupFlow, 'ALTERNATE'>, Record<string, string>> = {
  SIGNUP: {
    initial: '/signup/initial',
    join: '/signup/join',
    quote: '/signup/quote',
    services: '/signup/services',
    'tenant-details': '/signup/tenant-details',
    'add-finishing-touches': '/signup/add-finishing-touches',
    summary: '/signup/summary',
    'login-step': '/signup/login-step',
    'add-payment': '/signup/add-payment',
  },
  ENERGY_BILL: {
    house: '/my-energy-bill/signup/house',
    quotes: '/my-energy-bill/signup/quotes',
    tenant: '/my-energy-bill/signup/tenant',
    payment: '/my-energy-bill/signup/payment',
    finish: '/my-energy-bill/signup/finish',
    'login-step': '/my-energy-bill/signup/login-step',
  },
};

const LEAD_STEPS = ['quote', 'services', 'tenant-details', 'add-finishing-touches', 'summary', 'login-step', 'add-payment'];
const HOUSEMATE_STEPS = ['join', 'tenant-details', 'add-finishing-touches', 'summary', 'login-step', 'add-payment'];
const ENERGY_BILL_STEPS = ['house', 'quotes', 'tenant', 'payment', 'finish', 'login-step'];

export type WizardFlow = keyof typeof STEP_PATHS;

/** Whether this sign-up joins a house a housemate already signed up (the join step was answered). */
export function joining(state: Record<string, unknown>): boolean {
  return state.isNewHouse === false || Boolean(state.join);
}

/** The steps this visitor goes through, in order: a housemate skips the quote and the house. */
export function stepsFor(flow: WizardFlow, state: Record<string, unknown>): string[] {
  if (flow === 'ENERGY_BILL') return ENERGY_BILL_STEPS;
  return joining(state) ? HOUSEMATE_STEPS : LEAD_STEPS;
}

export function pathOf(flow: WizardFlow, step: string): string {
  return STEP_PATHS[flow][step] ?? COMPLETE_PATH;
}

export function nextPath(flow: WizardFlow, step: string, state: Record<string, unknown>): string {
  const steps = stepsFor(flow, state);
  const next = steps[steps.indexOf(step) + 1];
  return next ? pathOf(flow, next) : COMPLETE_PATH;
}

export function previousPath(flow: WizardFlow, step: string, state: Record<string, unknown>): string | null {
  const steps = stepsFor(flow, state);
  const index = steps.indexOf(step);
  return index > 0 ? pathOf(flow, steps[index - 1]!) : null;
}

/** "Step 3 of 7" for the progress line and the page title. */
export function progressOf(flow: WizardFlow, step: string, state: Record<string, unknown>): { number: number; total: number } {
  const steps = stepsFor(flow, state);
  return { number: steps.indexOf(step) + 1, total: steps.length };
}

/** The first page of a flow, where a visitor without a sign-up in progress is sent. */
export const ENTRY_PATH: Record<WizardFlow, string> = { SIGNUP: '/signup/quote', ENERGY_BILL: '/my-energy-bill/signup/house' };
