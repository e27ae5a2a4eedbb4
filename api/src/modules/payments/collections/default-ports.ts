import path from 'node:path';
import { dataDir } from '@app/db';
import { SandboxBacsBureau } from '../../../sandboxes/bacs/sandbox-bureau';
import type { BacsCalendar } from '../bacs/bacs-calendar';
import type { BacsBureau } from '../bacs/bureau';
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

/**
 * The Bacs bureau. No real bureau adapter exists yet, so this is always the local sandbox bureau in
 * `{DATA_DIR}/bacs-sandbox` (printed at start); `BACS_SANDBOX_FAILURE_RATE` (0–1) returns that share of debits.
 */
export function selectBacsBureau(calendar: BacsCalendar, env: NodeJS.ProcessEnv = process.env): BacsBureau {
  const rate = env.BACS_SANDBOX_FAILURE_RATE ? Number(env.BACS_SANDBOX_FAILURE_RATE) : 0;
  if (!(rate >= 0 && rate <= 1)) throw new Error('BACS_SANDBOX_FAILURE_RATE must be a number from 0 to 1');
  return new SandboxBacsBureau(path.join(dataDir(), 'bacs-sandbox'), calendar, { failureRate: rate });
}
