import { PaymentProviderEvent, type Knex } from '@app/db';
import type { VerifiedEvent } from '../card-provider';
import { completeCardSetup } from '../card-setup.service';

/**
 * The second provider's callbacks, already verified; each event id is processed once. A completed setup
 * attaches the card (as the tenant's add-card would). Payments are applied from the synchronous answer of
 * /perform-payment, so their callbacks are only stored.
 */
export async function handleCardProvider2Event(db: Knex, event: VerifiedEvent): Promise<'PROCESSED' | 'DUPLICATE' | 'IGNORED'> {
  const stored = await PaymentProviderEvent.query(db).insert({ provider: 'WORLDPAY', eventId: event.id, eventType: event.type, payload: event }).onConflict(['provider', 'event_id']).ignore().returning('id');
  if (!(stored as unknown as { id?: number }).id) return 'DUPLICATE';
  if (event.type === 'setup.completed') {
    await completeCardSetup(db, String(event.data.sessionId));
    return 'PROCESSED';
  }
  return 'IGNORED';
}
