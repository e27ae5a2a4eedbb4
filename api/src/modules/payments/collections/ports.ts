import type { Knex } from '@app/db';

/**
 * What collections need from the shared payment core, kept narrow so that the core's own service
 * (payments/payment-ledger.service.ts: settlePayment / failPayment, posting the ledger credit once) can be
 * plugged in (collections/ledger-ports.ts).
 */
export interface SettlementPort {
  /** The payment was received: PAID and its ledger credit, once (true only the first time). */
  settle(trx: Knex.Transaction, paymentId: number): Promise<boolean>;
  /** The payment failed: FAILED, no ledger credit (true only the first time). */
  fail(trx: Knex.Transaction, paymentId: number, reason: string): Promise<boolean>;
  /** settle for many at once (a day's collections); answers how many settled now. */
  settleMany(trx: Knex.Transaction, paymentIds: readonly number[]): Promise<number>;
  /** fail for many at once, each with its own reason; answers how many failed now. */
  failMany(trx: Knex.Transaction, items: ReadonlyArray<{ paymentId: number; reason: string }>): Promise<number>;
  /** A settled payment taken back (a Direct Debit indemnity claim): its credit reversed, once. */
  reverse(trx: Knex.Transaction, paymentId: number, reason: string): Promise<boolean>;
}

export interface CardCharge {
  groupId: number;
  tenantContractId: number;
  amountPence: number;
  /** Same key for the same collection: a retried charge is not taken twice by the provider. */
  idempotencyKey: string;
}

export type CardChargeResult = { status: 'SUCCEEDED'; providerReference: string } | { status: 'FAILED'; reason: string };

/** An off-session charge of the card on file (the cards side's card-provider.ts `chargeOffSession`). */
export interface CardChargePort {
  charge(charge: CardCharge): Promise<CardChargeResult>;
}
