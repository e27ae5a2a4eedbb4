import express, { Router } from 'express';
import type { Knex } from '@app/db';
import { PUBLIC } from '../../auth/access';
import { restRoute } from '../../rest/rest-route';
import { cardProviders, WebhookSignatureError } from './card-provider';
import { handleStripeEvent } from './stripe/stripe-webhook.service';
import { handleCardProvider2Event } from './card-provider-2/card-provider-2-callback.service';

/**
 * POST /api/v2/payments/stripe/webhook: Stripe's signed events. Mounted before the JSON body parser, because
 * the signature covers the raw bytes. A bad signature is refused with 400 and the §8 code
 * (SIGNATURE_NOT_PROVIDED, TIMESTAMP_NOT_PROVIDED, TIMESTAMP_OUTSIDE_LIMIT, INVALID_SIGNATURE); a duplicate
 * is acknowledged (200) so Stripe stops resending it.
 */
export function paymentWebhookRoutes(db: Knex): Router {
  const router = Router();
  router.use('/payments/stripe/webhook', express.raw({ type: () => true, limit: '1mb' }));
  restRoute(router, 'post', '/payments/stripe/webhook', PUBLIC, async (req, res) => {
    const stripe = cardProviders().STRIPE;
    if (!stripe) {
      res.status(503).json({ error: { code: 'UNKNOWN_ERROR', message: 'Stripe is not configured.' } });
      return;
    }
    let event;
    try {
      event = stripe.verifyWebhook(Buffer.isBuffer(req.body) ? req.body : Buffer.from(''), req.headers);
    } catch (error) {
      if (error instanceof WebhookSignatureError) {
        res.status(400).json({ error: { code: error.code, message: error.message } });
        return;
      }
      throw error;
    }
    const outcome = await handleStripeEvent(db, event);
    res.status(200).json({ received: true, outcome });
  });
  // The second provider's signed callbacks, checked the same way (X-Signature).
  router.use('/payments/card-provider-2/callback', express.raw({ type: () => true, limit: '1mb' }));
  restRoute(router, 'post', '/payments/card-provider-2/callback', PUBLIC, async (req, res) => {
    const provider = cardProviders().WORLDPAY;
    if (!provider) {
      res.status(503).json({ error: { code: 'UNKNOWN_ERROR', message: 'The second card provider is not configured.' } });
      return;
    }
    let event;
    try {
      event = provider.verifyWebhook(Buffer.isBuffer(req.body) ? req.body : Buffer.from(''), req.headers);
    } catch (error) {
      if (error instanceof WebhookSignatureError) {
        res.status(400).json({ error: { code: error.code, message: error.message } });
        return;
      }
      throw error;
    }
    res.status(200).json({ received: true, outcome: await handleCardProvider2Event(db, event) });
  });
  return router;
}
