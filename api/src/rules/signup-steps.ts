/** Specification §2.3: the sign-up flows and their steps, in order (each step is a route under its flow). */
export const SIGNUP_FLOW_STEPS = {
  /** /signup, default step quote. */
  SIGNUP: ['initial', 'join', 'quote', 'services', 'tenant-details', 'add-finishing-touches', 'summary', 'login-step', 'add-payment'],
  /** The alternate flow under /signup, with the :url step that takes an agency's or a promo link's path. */
  ALTERNATE: ['url', 'house', 'deemed', 'tenant', 'finishing-touches', 'housemates', 'confirm', 'payment'],
  /** My Energy Bill, under /my-energy-bill/signup. */
  ENERGY_BILL: ['house', 'quotes', 'tenant', 'payment', 'finish', 'login-step'],
} as const;

export type SignupFlow = keyof typeof SIGNUP_FLOW_STEPS;
export const SIGNUP_FLOWS = Object.keys(SIGNUP_FLOW_STEPS) as SignupFlow[];
/** Every step name of every flow, for the back office's list of where sign-ups stopped. */
export const SIGNUP_STEPS = [...new Set(Object.values(SIGNUP_FLOW_STEPS).flat())];
/** Where each flow starts when the visitor does not say. */
export const SIGNUP_FIRST_STEP: Record<SignupFlow, string> = { SIGNUP: 'quote', ALTERNATE: 'house', ENERGY_BILL: 'house' };
