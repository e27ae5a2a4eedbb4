import type { Knex } from 'knex';
import {
  AGENCY_HOUSE_CONTRACT_STATUSES,
  AGENCY_PORTAL_PERMISSIONS,
  BILLING_STATUSES,
  BILLING_TYPES,
  BROADBAND_CHANGES,
  BROADBAND_SPEEDS,
  CARD_PROVIDERS,
  CONTACT_TYPES,
  CONTRACT_STATUSES,
  CONTRACT_TERMS,
  CUSTOMER_TYPES,
  ELECTRICITY_REGIONS,
  ENERGY_USE_TYPES,
  EOY_ACTIONS,
  HOUSE_STATUSES,
  MARGIN_TYPES,
  METER_RATE_TYPES,
  METER_REGISTERS,
  METER_TYPES,
  PAYMENT_FREQUENCIES,
  PLAN_TYPES,
  READING_SOURCES,
  READING_STATUSES,
  READING_TYPES,
  SERVICE_CHANGE_STATUSES,
  SUPPLY_TYPES,
  TARIFF_PAYMENT_METHODS,
  TARIFF_RATE_TYPES,
  TARIFF_TYPES,
  USAGE_ESTIMATE_TYPES,
  UTILITY_STATUSES,
  UTILITY_TYPES,
  WATER_BILLING_TYPES,
  WATER_COMPANY_STATUSES,
  DEFAULT_MARGIN_BASIS_POINTS,
} from '@app/api/rules';
import { timestamps } from './helpers';

/**
 * Parties, houses and contracts, services, meters and readings, and the pricing tables. Extends the
 * identity migration's minimal agencies, users, agent_agencies and tenant_contracts.
 */
export async function up(knex: Knex): Promise<void> {
  // Brands. Group 2 uses the first card provider (specification §4); each brand has its own DD service user number.
  await knex.schema.createTable('groups', (t) => {
    t.increments('id');
    t.string('name').notNullable().unique();
    t.enu('card_provider', [...CARD_PROVIDERS]).notNullable();
    t.string('service_user_number', 6).notNullable();
    t.string('brand_colour', 7).nullable();
    timestamps(knex, t);
  });
  await knex('groups').insert([
    { id: 1, name: 'Bills for Students', card_provider: 'WORLDPAY', service_user_number: '188760', brand_colour: '#2e7d32' },
    { id: 2, name: 'Shared House Bills', card_provider: 'STRIPE', service_user_number: '780142', brand_colour: '#1565c0' },
  ]);
  await knex.raw(`SELECT setval('groups_id_seq', 2)`);

  await knex.schema.createTable('cities', (t) => {
    t.increments('id');
    t.string('name', 100).notNullable();
    timestamps(knex, t);
  });
  await knex.raw('CREATE UNIQUE INDEX cities_name_unique ON cities (lower(name))');

  await knex.schema.alterTable('agencies', (t) => {
    t.integer('group_id').notNullable().defaultTo(1).references('groups.id');
    t.string('email').nullable();
    t.string('phone').nullable();
    t.boolean('root_account').notNullable().defaultTo(false);
    t.enu('portal_permissions', [...AGENCY_PORTAL_PERMISSIONS]).notNullable().defaultTo('FULL');
    t.string('street_name').nullable();
    t.string('city_name').nullable();
    t.string('post_code', 8).nullable();
    t.string('company_number', 8).nullable();
    t.integer('commission_pence').notNullable().defaultTo(0);
    t.integer('commission_tenant_cap').nullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['group_id', 'name']);
    t.index(['city_name']);
  });
  await knex.raw('CREATE UNIQUE INDEX agencies_email_unique ON agencies (lower(email))');
  await knex.raw('CREATE UNIQUE INDEX agencies_name_unique ON agencies (group_id, lower(name))');
  await knex.raw('ALTER TABLE agencies ADD CONSTRAINT agencies_commission_not_negative CHECK (commission_pence >= 0)');

  await knex.schema.alterTable('users', (t) => {
    t.string('phone', 20).nullable();
    t.enu('customer_type', [...CUSTOMER_TYPES]).nullable();
    t.date('date_of_birth').nullable();
    t.integer('city_id').nullable().references('cities.id');
    t.index(['role', 'last_name']);
  });

  // An agent-agency link gets an id of its own so the back office can list and remove it like any record.
  await knex.raw('ALTER TABLE agent_agencies DROP CONSTRAINT agent_agencies_pkey');
  await knex.schema.alterTable('agent_agencies', (t) => {
    t.increments('id');
    t.unique(['user_id', 'agency_id']);
    timestamps(knex, t);
  });

  await knex.schema.createTable('contacts', (t) => {
    t.increments('id');
    t.integer('group_id').notNullable().references('groups.id');
    t.enu('contact_type', [...CONTACT_TYPES]).notNullable();
    t.string('name').notNullable();
    t.string('email').nullable();
    t.string('phone', 20).nullable();
    t.integer('agency_id').nullable().references('agencies.id');
    t.integer('tenant_id').nullable().references('users.id');
    t.text('notes').nullable();
    timestamps(knex, t);
    t.index(['group_id', 'name']);
    t.index(['agency_id']);
  });

  await knex.schema.createTable('houses', (t) => {
    t.increments('id');
    t.integer('group_id').notNullable().references('groups.id');
    t.integer('agency_id').nullable().references('agencies.id');
    t.string('street_name').notNullable();
    t.string('address2').nullable();
    t.string('city_name', 100).notNullable();
    t.string('county', 100).nullable();
    t.string('post_code', 8).notNullable();
    t.enu('region', [...ELECTRICITY_REGIONS]).nullable();
    t.integer('bedrooms').notNullable();
    t.enu('status', [...HOUSE_STATUSES]).notNullable().defaultTo('INCOMPLETE_SIGNUP');
    timestamps(knex, t);
    t.index(['group_id', 'id']);
    t.index(['group_id', 'post_code']);
    t.index(['agency_id']);
  });
  await knex.raw('ALTER TABLE houses ADD CONSTRAINT houses_bedrooms_range CHECK (bedrooms BETWEEN 1 AND 14)');

  await knex.schema.createTable('house_contracts', (t) => {
    t.increments('id');
    t.integer('group_id').notNullable().references('groups.id');
    t.integer('house_id').notNullable().references('houses.id');
    t.integer('agency_id').nullable().references('agencies.id');
    t.enu('status', [...CONTRACT_STATUSES]).notNullable().defaultTo('PENDING');
    t.enu('billing_status', [...BILLING_STATUSES]).nullable();
    t.enu('plan_type', [...PLAN_TYPES]).nullable();
    t.enu('billing_type', [...BILLING_TYPES]).notNullable();
    t.enu('water_billing_type', [...WATER_BILLING_TYPES]).nullable();
    t.enu('term', [...CONTRACT_TERMS]).notNullable().defaultTo('FIXED');
    t.date('sign_up_date').notNullable();
    t.date('end_date').notNullable();
    t.integer('number_of_tenants').notNullable();
    t.integer('customers_sharing').notNullable();
    t.boolean('calc_using_bedrooms').notNullable().defaultTo(false);
    t.enu('agency_house_contract_status', [...AGENCY_HOUSE_CONTRACT_STATUSES]).nullable();
    t.enu('supply_type', [...SUPPLY_TYPES]).notNullable().defaultTo('DUAL');
    t.enu('energy_use_type', [...ENERGY_USE_TYPES]).notNullable().defaultTo('MEDIUM');
    t.enu('margin_type', [...MARGIN_TYPES]).notNullable().defaultTo('STANDARD');
    t.enu('payment_frequency', [...PAYMENT_FREQUENCIES]).notNullable().defaultTo('MONTHLY');
    t.integer('weekly_price_pence').nullable();
    t.boolean('frozen').notNullable().defaultTo(false);
    timestamps(knex, t);
    t.index(['group_id', 'sign_up_date']);
    t.index(['group_id', 'status']);
    t.index(['house_id', 'sign_up_date']);
    t.index(['agency_id']);
  });
  await knex.raw('ALTER TABLE house_contracts ADD CONSTRAINT house_contracts_end_after_start CHECK (end_date > sign_up_date)');
  await knex.raw('ALTER TABLE house_contracts ADD CONSTRAINT house_contracts_tenants_range CHECK (number_of_tenants BETWEEN 1 AND 14)');
  await knex.raw('ALTER TABLE house_contracts ADD CONSTRAINT house_contracts_sharing_range CHECK (customers_sharing BETWEEN 1 AND 14)');
  await knex.raw(`ALTER TABLE house_contracts ADD CONSTRAINT house_contracts_plan_has_type CHECK (billing_type <> 'PLAN' OR plan_type IS NOT NULL)`);
  await knex.raw('ALTER TABLE house_contracts ADD CONSTRAINT house_contracts_price_not_negative CHECK (weekly_price_pence IS NULL OR weekly_price_pence >= 0)');
  // No two live contracts of one house overlap (the API says so first, with the specification's message).
  await knex.raw('CREATE EXTENSION IF NOT EXISTS btree_gist');
  await knex.raw(`ALTER TABLE house_contracts ADD CONSTRAINT house_contracts_no_overlap
    EXCLUDE USING gist (house_id WITH =, daterange(sign_up_date, end_date, '[]') WITH &&) WHERE (status <> 'CLOSED')`);

  await knex.schema.alterTable('tenant_contracts', (t) => {
    t.integer('group_id').notNullable().defaultTo(1).references('groups.id');
    // Nullable only for rows written before the data model; the API requires it.
    t.integer('house_contract_id').nullable().references('house_contracts.id');
    t.enu('eoy_action', [...EOY_ACTIONS]).nullable();
    t.integer('payment_day').notNullable().defaultTo(1);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['group_id', 'start_date', 'id']);
    t.index(['group_id', 'status', 'start_date']);
    t.index(['house_contract_id']);
  });
  await knex.raw('ALTER TABLE tenant_contracts ADD CONSTRAINT tenant_contracts_payment_day CHECK (payment_day BETWEEN 1 AND 29 OR payment_day = 31)');

  await knex.schema.createTable('services', (t) => {
    t.increments('id');
    t.integer('group_id').notNullable().references('groups.id');
    t.integer('house_contract_id').notNullable().references('house_contracts.id');
    t.enu('utility_type', [...UTILITY_TYPES]).notNullable();
    t.enu('utility_status', [...UTILITY_STATUSES]).notNullable().defaultTo('NOT_ORDERED');
    t.enu('change_status', [...SERVICE_CHANGE_STATUSES]).nullable();
    t.enu('broadband_change', [...BROADBAND_CHANGES]).nullable();
    t.enu('water_company_status', [...WATER_COMPANY_STATUSES]).nullable();
    t.enu('broadband_speed', [...BROADBAND_SPEEDS]).nullable();
    t.date('start_date').nullable();
    t.date('end_date').nullable();
    timestamps(knex, t);
    t.index(['house_contract_id']);
    t.index(['group_id', 'utility_type', 'utility_status']);
  });

  await knex.schema.createTable('suppliers', (t) => {
    t.increments('id');
    t.string('name').notNullable();
    t.enu('utility_type', [...UTILITY_TYPES]).notNullable();
    timestamps(knex, t);
    t.unique(['name', 'utility_type']);
  });

  await knex.schema.createTable('supplier_contracts', (t) => {
    t.increments('id');
    t.integer('group_id').notNullable().references('groups.id');
    t.integer('supplier_id').notNullable().references('suppliers.id');
    t.integer('house_id').notNullable().references('houses.id');
    t.integer('house_contract_id').nullable().references('house_contracts.id');
    t.enu('utility_type', [...UTILITY_TYPES]).notNullable();
    t.string('mpxn', 21).notNullable().unique();
    t.date('start_date').notNullable();
    t.date('end_date').notNullable();
    timestamps(knex, t);
    t.index(['house_id']);
    t.index(['group_id', 'start_date']);
  });
  await knex.raw('ALTER TABLE supplier_contracts ADD CONSTRAINT supplier_contracts_end_after_start CHECK (end_date > start_date)');

  await knex.schema.createTable('meters', (t) => {
    t.increments('id');
    t.integer('group_id').notNullable().references('groups.id');
    t.integer('house_id').notNullable().references('houses.id');
    t.integer('supplier_contract_id').nullable().references('supplier_contracts.id');
    t.enu('utility_type', [...UTILITY_TYPES]).notNullable();
    t.enu('meter_type', [...METER_TYPES]).notNullable().defaultTo('CREDIT');
    t.enu('rate_type', [...METER_RATE_TYPES]).notNullable();
    t.string('serial_number', 30).notNullable();
    t.boolean('is_active').notNullable().defaultTo(true);
    timestamps(knex, t);
    t.index(['house_id']);
    t.index(['group_id', 'serial_number']);
  });

  await knex.schema.createTable('meter_readings', (t) => {
    t.bigIncrements('id');
    t.integer('group_id').notNullable().references('groups.id');
    t.integer('meter_id').notNullable().references('meters.id');
    // Copied from the meter so the busiest list filters by house without a join.
    t.integer('house_id').notNullable().references('houses.id');
    t.date('reading_date').notNullable();
    t.enu('register', [...METER_REGISTERS]).notNullable().defaultTo('SINGLE');
    t.decimal('value', 14, 3).notNullable();
    t.enu('source', [...READING_SOURCES]).notNullable();
    t.enu('type', [...READING_TYPES]).notNullable();
    t.enu('status', [...READING_STATUSES]).notNullable().defaultTo('PENDING');
    // Points at an upload (READING resource type); the uploads table comes with the operations schema.
    t.integer('image_upload_id').nullable();
    timestamps(knex, t);
    t.index(['group_id', 'reading_date', 'id']);
    t.index(['group_id', 'status', 'reading_date']);
    t.index(['group_id', 'source', 'reading_date']);
    t.index(['meter_id', 'reading_date']);
    t.index(['house_id', 'reading_date']);
  });
  await knex.raw('ALTER TABLE meter_readings ADD CONSTRAINT meter_readings_value_not_negative CHECK (value >= 0)');

  await knex.schema.createTable('comments', (t) => {
    t.increments('id');
    t.integer('group_id').notNullable().references('groups.id');
    t.integer('house_contract_id').nullable().references('house_contracts.id');
    t.integer('tenant_contract_id').nullable().references('tenant_contracts.id');
    t.text('body').notNullable();
    t.boolean('tied_to_freeze').notNullable().defaultTo(false);
    t.integer('author_user_id').nullable().references('users.id');
    timestamps(knex, t);
    t.index(['house_contract_id', 'created_at']);
    t.index(['tenant_contract_id', 'created_at']);
  });
  await knex.raw('ALTER TABLE comments ADD CONSTRAINT comments_about_a_contract CHECK (house_contract_id IS NOT NULL OR tenant_contract_id IS NOT NULL)');

  await knex.schema.createTable('tariffs', (t) => {
    t.increments('id');
    t.string('name').notNullable().unique();
    t.enu('utility_type', ['electric', 'gas']).notNullable();
    t.enu('tariff_type', [...TARIFF_TYPES]).notNullable();
    t.enu('payment_method', [...TARIFF_PAYMENT_METHODS]).notNullable().defaultTo('ALL');
    t.enu('rate_type', [...TARIFF_RATE_TYPES]).notNullable().defaultTo('SR');
    t.enu('billing_type', [...BILLING_TYPES]).notNullable();
    t.enu('region', [...ELECTRICITY_REGIONS]).notNullable();
    t.date('valid_from').notNullable();
    t.date('valid_to').nullable();
    // Pence per kWh and pence per day, to 4 decimal places; bill lines round once, half-up, to the penny.
    t.decimal('unit_rate', 10, 4).notNullable();
    t.decimal('night_unit_rate', 10, 4).nullable();
    t.decimal('standing_charge', 10, 4).notNullable();
    timestamps(knex, t);
    t.index(['region', 'utility_type', 'valid_from']);
  });
  await knex.raw(`ALTER TABLE tariffs ADD CONSTRAINT tariffs_dual_has_night CHECK (rate_type <> 'DN' OR night_unit_rate IS NOT NULL)`);
  await knex.raw('ALTER TABLE tariffs ADD CONSTRAINT tariffs_rates_not_negative CHECK (unit_rate >= 0 AND standing_charge >= 0 AND (night_unit_rate IS NULL OR night_unit_rate >= 0))');

  await knex.schema.createTable('tariff_assignments', (t) => {
    t.increments('id');
    t.integer('service_id').notNullable().references('services.id');
    t.integer('tariff_id').notNullable().references('tariffs.id');
    t.date('start_date').notNullable();
    t.date('end_date').notNullable();
    timestamps(knex, t);
    t.index(['service_id', 'start_date']);
    t.index(['tariff_id']);
  });
  await knex.raw(`ALTER TABLE tariff_assignments ADD CONSTRAINT tariff_assignments_no_overlap
    EXCLUDE USING gist (service_id WITH =, daterange(start_date, end_date, '[]') WITH &&)`);

  await knex.schema.createTable('usage_estimates', (t) => {
    t.increments('id');
    t.enu('supply_type', [...SUPPLY_TYPES]).notNullable();
    t.enu('utility_type', ['electric', 'gas']).notNullable();
    t.enu('energy_use_type', [...ENERGY_USE_TYPES]).notNullable();
    t.integer('bedrooms').notNullable();
    t.integer('kwh_per_year').notNullable();
    t.enu('estimate_type', [...USAGE_ESTIMATE_TYPES]).notNullable().defaultTo('MONTHLY');
    timestamps(knex, t);
    t.unique(['supply_type', 'utility_type', 'energy_use_type', 'bedrooms', 'estimate_type']);
  });

  await knex.schema.createTable('margins', (t) => {
    t.increments('id');
    t.enu('margin_type', [...MARGIN_TYPES]).notNullable().unique();
    t.integer('basis_points').notNullable();
    timestamps(knex, t);
  });
  await knex.raw('ALTER TABLE margins ADD CONSTRAINT margins_basis_points_range CHECK (basis_points BETWEEN 0 AND 10000)');
  // One row per margin type always exists (quotes need them); staff change the percentages.
  await knex('margins').insert(Object.entries(DEFAULT_MARGIN_BASIS_POINTS).map(([margin_type, basis_points]) => ({ margin_type, basis_points })));
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only: write a new migration instead.');
}
