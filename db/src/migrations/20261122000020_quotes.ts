import type { Knex } from 'knex';
import {
  BILLING_TYPES,
  BROADBAND_SPEEDS,
  ELECTRICITY_REGIONS,
  ENERGY_USE_TYPES,
  MARGIN_TYPES,
  PAYMENT_FREQUENCIES,
  PLAN_TYPES,
  resourceSpec,
  SUPPLY_TYPES,
  UTILITY_TYPES,
  WATER_BILLING_TYPES,
} from '@app/api/rules';
import { timestamps } from './helpers';

/** The units of a quote price, as the catalogue offers them. */
const QUOTE_PRICE_UNITS = resourceSpec('QuotePrice').fields.unit!.values!;

/**
 * Quotes: the prices a quote uses besides tariffs (editable rows, seeded with today's figures) and saved
 * weekly quotes. Tariffs, usage estimates and margins come with the pricing schema.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('quote_prices', (t) => {
    t.increments('id');
    t.string('code', 60).notNullable().unique();
    t.string('label').notNullable();
    t.enu('utility_type', [...UTILITY_TYPES]).nullable();
    t.enu('unit', [...QUOTE_PRICE_UNITS]).notNullable();
    // Pence before VAT, or basis points when the unit is BASIS_POINTS.
    t.integer('value').nullable();
    t.integer('vat_basis_points').notNullable().defaultTo(0);
    t.boolean('margin_applies').notNullable().defaultTo(true);
    t.enu('energy_use_type', [...ENERGY_USE_TYPES]).nullable();
    timestamps(knex, t);
  });
  await knex.raw('ALTER TABLE quote_prices ADD CONSTRAINT quote_prices_value_not_negative CHECK (value IS NULL OR value >= 0)');
  await knex.raw('ALTER TABLE quote_prices ADD CONSTRAINT quote_prices_vat_range CHECK (vat_basis_points BETWEEN 0 AND 10000)');
  await knex.raw(`ALTER TABLE quote_prices ADD CONSTRAINT quote_prices_share_range CHECK (unit <> 'BASIS_POINTS' OR value BETWEEN 0 AND 10000)`);
  const row = (code: string, label: string, utility_type: string | null, unit: string, value: number | null, vat_basis_points: number, margin_applies: boolean, energy_use_type: string | null = null) => ({
    code,
    label,
    utility_type,
    unit,
    value,
    vat_basis_points,
    margin_applies,
    energy_use_type,
  });
  await knex('quote_prices').insert([
    // Energy is priced from the region's tariffs; domestic energy carries 5% VAT.
    row('ELECTRIC', 'Electricity (from the tariff of the region)', 'electric', 'TARIFF', null, 500, true),
    row('GAS', 'Gas (from the tariff of the region)', 'gas', 'TARIFF', null, 500, true),
    row('ELECTRIC_NIGHT_SHARE', 'Share of electricity used at night on dual-rate (DN) tariffs', 'electric', 'BASIS_POINTS', 4200, 0, false),
    // Broadband: a monthly price per speed, 20% VAT.
    row('BROADBAND_400', 'Broadband 400 Mbps', 'broadband', 'PENCE_PER_MONTH', 2500, 2000, true),
    row('BROADBAND_600', 'Broadband 600 Mbps', 'broadband', 'PENCE_PER_MONTH', 3000, 2000, true),
    row('BROADBAND_800', 'Broadband 800 Mbps', 'broadband', 'PENCE_PER_MONTH', 3500, 2000, true),
    row('BROADBAND_1000', 'Broadband 1 GB', 'broadband', 'PENCE_PER_MONTH', 4000, 2000, true),
    // TV licence: the annual fee (£174.50 from 1 April 2025), no VAT, passed on without margin.
    row('TV_LICENCE', 'TV licence (annual fee)', 'tv_licence', 'PENCE_PER_YEAR', 17450, 0, false),
    // Water: an annual estimate per bedroom, no VAT on domestic water.
    row('WATER_METERED', 'Water, metered (per bedroom a year)', 'water', 'PENCE_PER_BEDROOM_PER_YEAR', 12000, 0, true),
    row('WATER_RATEABLE', 'Water, rateable value (per bedroom a year)', 'water', 'PENCE_PER_BEDROOM_PER_YEAR', 14000, 0, true),
    // Plans: the annual energy allowance of each plan type; UNLIMITED has none and is priced on this energy use.
    row('PLAN_GREENSAVER', 'GreenSaver plan: annual energy allowance', null, 'ALLOWANCE', null, 0, false, 'MEDIUM'),
    row('PLAN_LITE', 'Lite plan: annual energy allowance', null, 'ALLOWANCE', null, 0, false, 'LOW'),
    row('PLAN_UNLIMITED', 'Unlimited plan: no allowance, priced on this energy use', null, 'ALLOWANCE', null, 0, false, 'HIGH'),
  ]);

  await knex.schema.createTable('weekly_quotes', (t) => {
    t.increments('id');
    t.integer('group_id').notNullable().references('groups.id');
    t.integer('house_contract_id').nullable().references('house_contracts.id');
    t.string('postcode', 8).notNullable();
    t.enu('region', [...ELECTRICITY_REGIONS]).notNullable();
    t.integer('bedrooms').notNullable();
    t.integer('number_of_tenants').notNullable();
    t.integer('customers_sharing').notNullable();
    t.jsonb('services').notNullable();
    t.enu('broadband_speed', [...BROADBAND_SPEEDS]).nullable();
    t.enu('plan_type', [...PLAN_TYPES]).nullable();
    t.enu('billing_type', [...BILLING_TYPES]).notNullable();
    t.enu('energy_use_type', [...ENERGY_USE_TYPES]).notNullable();
    t.enu('supply_type', [...SUPPLY_TYPES]).notNullable();
    t.enu('water_billing_type', [...WATER_BILLING_TYPES]).nullable();
    t.enu('payment_frequency', [...PAYMENT_FREQUENCIES]).notNullable();
    t.enu('margin_type', [...MARGIN_TYPES]).notNullable();
    t.date('start_date').notNullable();
    t.date('end_date').notNullable();
    t.integer('days').notNullable();
    t.integer('house_total_pence').notNullable();
    t.integer('weekly_per_tenant_pence').notNullable();
    t.integer('monthly_per_tenant_pence').notNullable();
    t.jsonb('breakdown').notNullable();
    t.integer('created_by_user_id').nullable().references('users.id');
    timestamps(knex, t);
    t.index(['group_id', 'created_at']);
    t.index(['group_id', 'start_date']);
    t.index(['house_contract_id']);
  });
  await knex.raw('ALTER TABLE weekly_quotes ADD CONSTRAINT weekly_quotes_end_after_start CHECK (end_date > start_date)');
  await knex.raw('ALTER TABLE weekly_quotes ADD CONSTRAINT weekly_quotes_amounts_not_negative CHECK (house_total_pence >= 0 AND weekly_per_tenant_pence >= 0 AND monthly_per_tenant_pence >= 0)');
  // One weekly quote per house contract and period ("Weekly quote already exists"; the API says so first).
  await knex.raw('CREATE UNIQUE INDEX weekly_quotes_contract_period_unique ON weekly_quotes (house_contract_id, start_date, end_date) WHERE house_contract_id IS NOT NULL');
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only: write a new migration instead.');
}
