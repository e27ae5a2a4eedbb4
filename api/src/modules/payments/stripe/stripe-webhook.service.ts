import { Payment, PaymentProviderEvent, Refund, type Knex } from '@app/db';
import { cardProviders, type VerifiedEvent } from '../card-provider';
import { completeCardSetup } from '../card-setup.service';
import { failPayment, settlePayment, submitPayment } from '../payment-ledger.service';
import type { StripeCardProvider } from './stripe-card-provider';

/**
 * Stripe's webhooks, already verified. Each event id is stored once (a duplicate answers 200 and does
 * nothing). Events may arrive in any order, so a PaymentIntent event is not trusted for its state: the
 * PaymentIntent is read back from Stripe and its current state applied, which the payment ledger makes
 * idempotent (a settled payment is not failed by an older failed attempt arriving late).
 */

export type WebhookOutcome = 'PROCESSED' | 'DUPLICATE' | 'IGNORED';

export async function handleStripeEvent(db: Knex, event: VerifiedEvent): Promise<WebhookOutcome> {
  const stored = await PaymentProviderEvent.query(db).insert({ provider: 'STRIPE', eventId: event.id, eventType: event.type, payload: event }).onConflict(['provider', 'event_id']).ignore().returning('id');
  if (!(stored as unknown as { id?: number }).id) return 'DUPLICATE';
  const object = event.data;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.expired':
      await completeCardSetup(db, String(object.id));
      return 'PROCESSED';
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed':
    case 'payment_intent.canceled':
      return applyPaymentIntent(db, String(object.id), object.metadata as Record<string, string> | undefined);
    case 'refund.created':
    case 'refund.updated':
      return applyRefund(db, object);
    default:
      return 'IGNORED';
  }
}

async function applyPaymentIntent(db: Knex, intentId: string, metadata: Record<string, string> | undefined): Promise<WebhookOutcome> {
  const byReference = await Payment.query(db).findOne({ provider_reference: intentId });
  const payment = byReference ?? (metadata?.paymentId ? await Payment.query(db).findById(Number(metadata.paymentId)) : undefined);
  if (!payment || payment.cardProvider !== 'STRIPE') return 'IGNORED';
  const stripe = (cardProviders().STRIPE as StripeCardProvider).stripe;
  const intent = await stripe.paymentIntents.retrieve(intentId);
  await db.transaction(async (trx) => {
    await submitPayment(trx, payment.id, intentId);
    if (intent.status === 'succeeded') await settlePayment(trx, payment.id, { providerReference: intentId });
    else if (intent.status === 'canceled' || intent.status === 'requires_payment_method') {
      const current = await Payment.query(trx).findById(payment.id);
      if (current?.collectionStatus !== 'SETTLED') await failPayment(trx, payment.id, intent.last_payment_error?.message ?? 'The card payment did not go through.');
    }
  });
  return 'PROCESSED';
}

async function applyRefund(db: Knex, object: Record<string, unknown>): Promise<WebhookOutcome> {
  const refund = await Refund.query(db).findOne({ provider_reference: String(object.id) });
  if (!refund) return 'IGNORED';
  if (object.status === 'failed' && refund.status !== 'REJECTED') await refund.$query(db).patch({ status: 'REJECTED' });
  return 'PROCESSED';
}
