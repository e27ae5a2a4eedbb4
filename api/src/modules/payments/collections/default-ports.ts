import path from 'node:path';
import { dataDir } from '@app/db';
import { SandboxBacsBureau } from '../../../sandboxes/bacs/sandbox-bureau';
import type { BacsCalendar } from '../bacs/bacs-calendar';
import type { BacsBureau } from '../bacs/bureau';
import type { Knex } from '@app/db';
import { ledgerSettlement, providerCardCharges } from './ledger-ports';
import type { CardChargePort, SettlementPort } from './ports';

/** The ports the workers collect through: the group's card provider and the shared payment core. */
export function collectionPorts(db: Knex): { settlement: SettlementPort; cards: CardChargePort; name: string } {
  return { settlement: ledgerSettlement, cards: providerCardCharges(db), name: "the group's card provider, settled through the payment core" };
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
