/**
 * Stripe's published test card numbers and what Stripe does with each (https://docs.stripe.com/testing).
 * The sandbox answers with the same error types, codes and decline codes, so the product's handling of a
 * decline is the handling it will need with the real service.
 */

export interface CardBehaviour {
  brand: string;
  /** Saving the card (checkout in setup mode) asks the holder for 3-D Secure first. */
  setupNeeds3ds: boolean;
  /** What an off-session charge does. */
  charge: 'succeed' | { code: string; declineCode?: string; message: string };
}

const DECLINED = { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' };

export const TEST_CARDS: Record<string, CardBehaviour> = {
  '4242424242424242': { brand: 'visa', setupNeeds3ds: false, charge: 'succeed' },
  '5555555555554444': { brand: 'mastercard', setupNeeds3ds: false, charge: 'succeed' },
  '4000000000000002': { brand: 'visa', setupNeeds3ds: false, charge: DECLINED },
  '4000000000009995': { brand: 'visa', setupNeeds3ds: false, charge: { code: 'card_declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' } },
  '4000000000000069': { brand: 'visa', setupNeeds3ds: false, charge: { code: 'expired_card', declineCode: 'expired_card', message: 'Your card has expired.' } },
  // Needs authentication when saved; later off-session payments go through (Stripe's "3155").
  '4000002500003155': { brand: 'visa', setupNeeds3ds: true, charge: 'succeed' },
  // Needs authentication on every payment, so an off-session charge fails with authentication_required.
  '4000002760003184': { brand: 'visa', setupNeeds3ds: true, charge: { code: 'authentication_required', declineCode: 'authentication_required', message: 'Your card was declined. This transaction requires authentication.' } },
};

/** Digits only; unknown numbers behave as a declined card, as Stripe's test mode declines real numbers. */
export function cardBehaviour(number: string): CardBehaviour | null {
  return TEST_CARDS[number.replace(/\D/g, '')] ?? null;
}
