import type { Knex } from 'knex';
import { timestamps } from './helpers';

/**
 * The money-in core: a collected payment (card charge, Bacs collection) moves PENDING → SUBMITTED → SETTLED |
 * FAILED in `collection_status` (staff-entered payments have none); `status` stays what the tenant sees
 * (OUTSTANDING, PAID, FAILED). Each provider call carries an idempotency key stored unique, so a retried job
 * creates no second payment; the ledger holds at most one PAYMENT, one PAYMENT_FAILED per payment and one
 * REFUND per refund, so money is posted exactly once whoever calls twice. Provider events (webhooks,
 * callbacks) are stored by id so each is processed once. Card setup sessions remember which tenant contract
 * asked for a checkout, so the add-card step attaches the card to that contract only.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('payments', (t) => {
    t.string('collection_status', 20).nullable();
    t.string('idempotency_key', 200).nullable().unique();
    t.string('provider_reference', 255).nullable();
    t.text('failure_reason').nullable();
    t.integer('payment_method_id').nullable().references('payment_methods.id');
    t.timestamp('settled_at', { useTz: true }).nullable();
  });
  await knex.raw(`ALTER TABLE payments ADD CONSTRAINT payments_collection_status_values CHECK (collection_status IS NULL OR collection_status IN ('PENDING', 'SUBMITTED', 'SETTLED', 'FAILED'))`);
  await knex.raw('CREATE INDEX payments_provider_reference_index ON payments (provider_reference) WHERE provider_reference IS NOT NULL');
  await knex.raw('CREATE INDEX payments_collection_status_index ON payments (group_id, collection_status) WHERE collection_status IS NOT NULL');

  await knex.raw(`CREATE UNIQUE INDEX ledger_entries_one_payment_credit ON ledger_entries (payment_id) WHERE kind = 'PAYMENT'`);
  await knex.raw(`CREATE UNIQUE INDEX ledger_entries_one_payment_failure ON ledger_entries (payment_id) WHERE kind = 'PAYMENT_FAILED'`);
  await knex.raw(`CREATE UNIQUE INDEX ledger_entries_one_refund ON ledger_entries (refund_id) WHERE kind = 'REFUND'`);

  await knex.schema.alterTable('payment_methods', (t) => {
    // The provider's customer and saved card (Stripe cus_… and pm_…, the second provider's card token).
    t.string('provider_customer_ref', 255).nullable();
    t.string('provider_method_ref', 255).nullable();
  });

  await knex.schema.alterTable('refunds', (t) => {
    t.string('provider_reference', 255).nullable();
    t.string('idempotency_key', 200).nullable().unique();
  });

  await knex.schema.createTable('payment_provider_events', (t) => {
    t.bigIncrements('id');
    t.string('provider', 20).notNullable();
    t.string('event_id', 255).notNullable();
    t.string('event_type', 100).notNullable();
    t.jsonb('payload').notNullable();
    t.timestamp('received_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['provider', 'event_id']);
  });

  await knex.schema.createTable('card_setup_sessions', (t) => {
    t.bigIncrements('id');
    t.integer('group_id').notNullable().references('groups.id');
    t.integer('tenant_contract_id').notNullable().references('tenant_contracts.id');
    t.string('provider', 20).notNullable();
    t.string('session_ref', 255).notNullable().unique();
    t.string('status', 20).notNullable().defaultTo('OPEN');
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.integer('payment_method_id').nullable().references('payment_methods.id');
    timestamps(knex, t);
    t.index(['tenant_contract_id', 'created_at']);
  });
  await knex.raw(`ALTER TABLE card_setup_sessions ADD CONSTRAINT card_setup_sessions_status_values CHECK (status IN ('OPEN', 'COMPLETED', 'EXPIRED'))`);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only: write a new migration instead.');
}
