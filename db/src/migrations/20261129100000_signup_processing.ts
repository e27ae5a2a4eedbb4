import type { Knex } from 'knex';
import { timestamps } from './helpers';

/**
 * Processing a sign-up (issue 15, `POST /api/v2/signup/process-plan-signup` and `/process-bill-signup`):
 * - the sign-up session keeps what its processing created (house contract, tenant contract, user, the answer
 *   sent) so the same token sent again answers the same and creates nothing twice; a tenant contract is
 *   created by at most one sign-up (unique), which is also what scopes the payment step to it;
 * - housemates invited by the lead tenant, one row per house contract and e-mail (case-blind), naming the
 *   tenant contract that answered it once signed;
 * - one-time account-confirmation links of the welcome e-mail (only the SHA-256 of the token is kept, like
 *   password-reset links, but in a table of their own so a confirmation link can never set a password);
 * - the trees planted, one per customer (specification §1), counted from this table;
 * - a tenant's correspondence address when it is not the house (the alternative address);
 * - the `acceptingNewCustomers` system setting (true or false, staff edit it among the system settings):
 *   false refuses every sign-up with "Currently not accepting new customers.".
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('signup_sessions', (t) => {
    t.timestamp('processed_at', { useTz: true }).nullable();
    t.integer('house_contract_id').nullable().references('house_contracts.id');
    t.integer('tenant_contract_id').nullable().unique().references('tenant_contracts.id');
    t.integer('user_id').nullable().references('users.id');
    t.string('payment_method', 20).nullable();
    t.jsonb('result').nullable();
  });
  await knex.raw(`ALTER TABLE signup_sessions ADD CONSTRAINT signup_sessions_processed_has_result
    CHECK (processed_at IS NULL OR (tenant_contract_id IS NOT NULL AND user_id IS NOT NULL AND result IS NOT NULL AND payment_method IS NOT NULL))`);

  await knex.schema.createTable('signup_invitations', (t) => {
    t.increments('id');
    t.integer('group_id').notNullable().references('groups.id');
    t.integer('house_contract_id').notNullable().references('house_contracts.id');
    t.string('email', 254).notNullable();
    t.integer('invited_by_tenant_contract_id').notNullable().references('tenant_contracts.id');
    // Set when the invited housemate signs up from it: then the invitation cannot be used again.
    t.integer('tenant_contract_id').nullable().unique().references('tenant_contracts.id');
    timestamps(knex, t);
    t.index(['house_contract_id']);
  });
  await knex.raw('CREATE UNIQUE INDEX signup_invitations_contract_email_unique ON signup_invitations (house_contract_id, lower(email))');

  await knex.schema.createTable('account_confirmation_tokens', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('users.id');
    t.string('token_hash', 64).notNullable().unique();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true }).nullable();
    t.index(['user_id']);
  });

  await knex.schema.createTable('tree_plantings', (t) => {
    t.increments('id');
    // One tree per customer: a tenant who signs up again is not counted twice.
    t.integer('user_id').notNullable().unique().references('users.id');
    t.integer('tenant_contract_id').notNullable().references('tenant_contracts.id');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.alterTable('users', (t) => {
    t.string('correspondence_street_name').nullable();
    t.string('correspondence_city_name', 100).nullable();
    t.string('correspondence_post_code', 8).nullable();
  });

  await knex('system_settings').insert({ key: 'acceptingNewCustomers', value: JSON.stringify(true) }).onConflict('key').ignore();
  await knex.raw(`ALTER TABLE system_settings ADD CONSTRAINT system_settings_accepting_new_customers_boolean
    CHECK (key <> 'acceptingNewCustomers' OR (value IS NOT NULL AND jsonb_typeof(value) = 'boolean'))`);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only: write a new migration instead.');
}
