import type { Knex } from 'knex';
import {
  AUDIT_ACTIONS,
  AUTH_EVENTS,
  BACK_USER_STATUSES,
  BACKOFFICE_ACCOUNT_TYPES,
  CONTRACT_STATUSES,
  PAYMENT_METHODS,
  TENANT_PORTALS,
  USER_ROLES,
} from '@app/api/rules';

/** Sign-in for every role, sessions, back-office roles and the audit trail. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('partners', (t) => {
    t.increments('id');
    t.string('name').notNullable().unique();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('agencies', (t) => {
    t.increments('id');
    t.string('name').notNullable();
    t.boolean('is_active').notNullable().defaultTo(true);
    t.integer('parent_id').nullable().references('agencies.id');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['parent_id']);
  });

  await knex.schema.createTable('backoffice_roles', (t) => {
    t.increments('id');
    t.string('name').notNullable();
    t.enu('account_type', [...BACKOFFICE_ACCOUNT_TYPES]).notNullable().defaultTo('STAFF');
    // { area: 'NONE' | 'READ' | 'WRITE' } and the named permission keys.
    t.jsonb('permissions').notNullable().defaultTo('{}');
    t.specificType('permission_keys', 'text[]').notNullable().defaultTo('{}');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('CREATE UNIQUE INDEX backoffice_roles_name_unique ON backoffice_roles (lower(name))');

  await knex.schema.createTable('users', (t) => {
    t.increments('id');
    t.string('email').notNullable();
    t.string('password_hash').nullable();
    t.string('first_name').notNullable().defaultTo('');
    t.string('last_name').notNullable().defaultTo('');
    t.enu('role', [...USER_ROLES]).notNullable();
    t.enu('portal', [...TENANT_PORTALS]).nullable();
    t.enu('status', [...BACK_USER_STATUSES]).notNullable().defaultTo('ACTIVE');
    t.boolean('is_fo').notNullable().defaultTo(false);
    t.integer('backoffice_role_id').nullable().references('backoffice_roles.id');
    t.integer('partner_id').nullable().references('partners.id');
    t.timestamp('confirmed_at', { useTz: true }).nullable();
    t.timestamp('expires_at', { useTz: true }).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['role']);
    t.index(['backoffice_role_id']);
  });
  await knex.raw('CREATE UNIQUE INDEX users_email_unique ON users (lower(email))');
  await knex.raw(`ALTER TABLE users ADD CONSTRAINT users_backoffice_have_role CHECK (role NOT IN ('backoffice', 'partner') OR backoffice_role_id IS NOT NULL)`);
  await knex.raw(`ALTER TABLE users ADD CONSTRAINT users_partner_has_partner CHECK (role <> 'partner' OR partner_id IS NOT NULL)`);
  await knex.raw(`ALTER TABLE users ADD CONSTRAINT users_tenant_has_portal CHECK (role NOT IN ('front', 'bill-payer') OR portal IS NOT NULL)`);

  await knex.schema.createTable('agent_agencies', (t) => {
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('agency_id').notNullable().references('agencies.id');
    t.primary(['user_id', 'agency_id']);
    t.index(['agency_id']);
  });

  // The tenant side of a contract, as much as sign-in needs; the data model adds the house contract.
  await knex.schema.createTable('tenant_contracts', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('users.id');
    t.enu('status', [...CONTRACT_STATUSES]).notNullable().defaultTo('PENDING');
    t.enu('payment_method', [...PAYMENT_METHODS]).notNullable();
    t.date('start_date').notNullable();
    t.date('end_date').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id', 'end_date']);
  });
  await knex.raw('ALTER TABLE tenant_contracts ADD CONSTRAINT tenant_contracts_end_after_start CHECK (end_date > start_date)');

  await knex.schema.createTable('sessions', (t) => {
    t.uuid('id').primary();
    t.integer('user_id').notNullable().references('users.id');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('revoked_at', { useTz: true }).nullable();
    t.string('ip').nullable();
    t.index(['user_id']);
  });

  await knex.schema.createTable('password_reset_tokens', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('users.id');
    // SHA-256 of the token in the link: a stolen database cannot be turned into working links.
    t.string('token_hash', 64).notNullable().unique();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true }).nullable();
    t.index(['user_id']);
  });

  await knex.schema.createTable('auth_events', (t) => {
    t.bigIncrements('id');
    t.enu('event', [...AUTH_EVENTS]).notNullable();
    t.integer('user_id').nullable().references('users.id');
    t.string('email').nullable();
    t.string('ip').nullable();
    t.jsonb('detail').notNullable().defaultTo('{}');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id', 'created_at']);
    t.index(['created_at']);
  });

  await knex.schema.createTable('rate_limit_counters', (t) => {
    t.string('key').notNullable();
    t.timestamp('window_start', { useTz: true }).notNullable();
    t.integer('hits').notNullable().defaultTo(0);
    t.primary(['key', 'window_start']);
  });

  // Every change to audited records: who, what, when (UTC), before and after.
  await knex.schema.createTable('audit_log', (t) => {
    t.bigIncrements('id');
    t.enu('action', [...AUDIT_ACTIONS]).notNullable();
    t.string('entity').notNullable();
    t.string('entity_id').notNullable();
    t.integer('actor_user_id').nullable().references('users.id');
    t.jsonb('before').nullable();
    t.jsonb('after').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['entity', 'entity_id', 'created_at']);
    t.index(['actor_user_id', 'created_at']);
  });
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only: write a new migration instead.');
}
