/** For the collections tests (the card side is tested against the Stripe sandbox on its own): a card port whose charges all succeed, or fail when the amount ends in 51p. */
export function sandboxCardCharges(): { charge: (c: { idempotencyKey: string; amountPence: number }) => Promise<{ status: 'SUCCEEDED'; providerReference: string } | { status: 'FAILED'; reason: string }>; calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    async charge({ idempotencyKey, amountPence }) {
      calls.push(idempotencyKey);
      return amountPence % 100 === 51 ? { status: 'FAILED', reason: 'Your card has insufficient funds.' } : { status: 'SUCCEEDED', providerReference: `ch_${idempotencyKey}` };
    },
  };
}
