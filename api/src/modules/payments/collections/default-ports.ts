import { paymentsTableSettlement, sandboxCardCharges } from './payments-table-settlement';
import type { CardChargePort, SettlementPort } from './ports';

/**
 * The ports the workers collect through. Until the card side's provider (`chargeOffSession`) and payment core
 * (`settlePayment`/`failPayment`) are wired here, card charges go to a local stand-in (every charge succeeds,
 * an amount ending in 51p is declined as insufficient funds) and settlement is the payments-table version.
 */
export function collectionPorts(): { settlement: SettlementPort; cards: CardChargePort; name: string } {
  return { settlement: paymentsTableSettlement, cards: sandboxCardCharges(), name: 'sandbox card charges (51p declines), payments-table settlement' };
}
