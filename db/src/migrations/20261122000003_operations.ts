import type { Knex } from 'knex';
import {
  AGENCY_LEAD_STAGES,
  COMPLAINT_STATUSES,
  CREDIT_CONTROL_STAGES,
  CREDIT_CONTROL_STATUSES,
  DEAL_STAGES,
  DEBT_REPAYMENT_TYPES,
  HOUSE_VISIT_JOB_TYPES,
  HOUSE_VISIT_RESULTS,
  HOUSE_VISIT_STATUSES,
  NOTIFICATION_TYPES,
  PROMO_LINK_TYPES,
  SALE_STATUSES,
  SYSTEM_SETTING_FLAGS,
  UPLOAD_RESOURCE_TYPES,
} from '@app/api/rules';
import { timestamps } from './helpers';

/**
 * Bank holidays in England and Wales, 2025 to 2027, as gov.uk/bank-holidays publishes them. Direct-debit
 * collection dates and meter top-ups skip them, so the product needs them from the first start; staff add
 * later years in the back office (Settings → Bank holidays).
 */
export const ENGLAND_AND_WALES_BANK_HOLIDAYS: ReadonlyArray<{ date: string; description: string }> = [
  { date: '2025-01-01', description: "New Year's Day" },
  { date: '2025-04-18', description: 'Good Friday' },
  { date: '2025-04-21', description: 'Easter Monday' },
  { date: '2025-05-05', description: 'Early May bank holiday' },
  { date: '2025-05-26', description: 'Spring bank holiday' },
  { date: '2025-08-25', description: 'Summer bank holiday' },
  { date: '2025-12-25', description: 'Christmas Day' },
  { date: '2025-12-26', description: 'Boxing Day' },
  { date: '2026-01-01', description: "New Year's Day" },
  { date: '2026-04-03', description: 'Good Friday' },
  { date: '2026-04-06', description: 'Easter Monday' },
  { date: '2026-05-04', description: 'Early May bank holiday' },
  { date: '2026-05-25', description: 'Spring bank holiday' },
  { date: '2026-08-31', description: 'Summer bank holiday' },
  { date: '2026-12-25', description: 'Christmas Day' },
  { date: '2026-12-28', description: 'Boxing Day (substitute day)' },
  { date: '2027-01-01', description: "New Year's Day" },
  { date: '2027-03-26', description: 'Good Friday' },
  { date: '2027-03-29', description: 'Easter Monday' },
  { date: '2027-05-03', description: 'Early May bank holiday' },
  { date: '2027-05-31', description: 'Spring bank holiday' },
  { date: '2027-08-30', description: 'Summer bank holiday' },
  { date: '2027-12-27', description: 'Christmas Day (substitute day)' },
  { date: '2027-12-28', description: 'Boxing Day (substitute day)' },
];

/** The system setting `readSystemCurrentDate` reads when `enableDateOverriding` is on (unset: no override). */
const CURRENT_DATE_OVERRIDE = 'currentDateOverride';

const quoted = (values: readonly string[]) => values.map((value) => `'${value.replace(/'/g, "''")}'`).join(', ');

/**
 * A trimmed code that looks like a tenant ID ("12345", "T12345"), mirroring TENANT_ID_FORMAT of the rules.
 * `{0,1}` rather than `?`: knex.raw would read a question mark as a binding placeholder.
 */
const LOOKS_LIKE_TENANT_ID = `btrim(code) ~* '^T{0,1}[0-9]+$'`;

/**
 * Credit control, house visits, complaints, promo links and referral codes, the e-mail blacklist, bank
 * holidays, sales leads and deals, uploads and notifications; ids for the settings tables keyed by name.
 */
export async function up(knex: Knex): Promise<void> {
  // ---- Settings tables keyed by name: an integer id for the back office, the old key stays the primary key.
  for (const table of ['feature_flags', 'system_settings']) {
    await knex.raw(`ALTER TABLE ${table} ADD COLUMN id serial NOT NULL`);
    await knex.raw(`CREATE UNIQUE INDEX ${table}_id_unique ON ${table} (id)`);
    await knex.raw(`ALTER TABLE ${table} ADD COLUMN created_at timestamptz NOT NULL DEFAULT now()`);
  }
  // A setting may be unset (SQL NULL: the back office sends null when staff clear a value). Flags stay true or
  // false; the override is unset, JSON null, "" or a YYYY-MM-DD date, so a typo cannot move "today".
  await knex.raw('ALTER TABLE system_settings ALTER COLUMN value DROP NOT NULL');
  await knex('system_settings').insert({ key: CURRENT_DATE_OVERRIDE, value: null }).onConflict('key').ignore();
  await knex.raw(`ALTER TABLE system_settings ADD CONSTRAINT system_settings_flags_boolean
    CHECK (key NOT IN (${quoted(SYSTEM_SETTING_FLAGS)}) OR (value IS NOT NULL AND jsonb_typeof(value) = 'boolean'))`);
  await knex.raw(`ALTER TABLE system_settings ADD CONSTRAINT system_settings_date_override
    CHECK (key <> '${CURRENT_DATE_OVERRIDE}' OR value IS NULL OR jsonb_typeof(value) = 'null'
      OR (jsonb_typeof(value) = 'string' AND (value #>> '{}') ~ '^([0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])){0,1}$'))`);

  // ---- System logs and the audit trail are read in the back office: indexes behind their filters.
  await knex.schema.alterTable('system_logs', (t) => {
    t.index(['source', 'created_at']);
    t.index(['user_id', 'created_at']);
  });
  await knex.schema.alterTable('audit_log', (t) => {
    t.index(['created_at']);
    t.index(['action', 'created_at']);
    t.index(['entity_id']);
  });

  // ---- Credit control: one record per tenant contract in debt, moved through stages by staff.
  await knex.schema.createTable('credit_control_records', (t) => {
    t.increments('id');
    t.integer('group_id').notNullable().references('groups.id');
    t.integer('tenant_contract_id').notNullable().references('tenant_contracts.id');
    t.enu('stage', [...CREDIT_CONTROL_STAGES]).notNullable().defaultTo('ENGAGEMENT');
    t.enu('status', [...CREDIT_CONTROL_STATUSES]).notNullable().defaultTo('NO_RESPONSE_YET');
    t.enu('debt_repayment_type', [...DEBT_REPAYMENT_TYPES]).notNullable().defaultTo('BLANK');
    t.date('last_chased_date').nullable();
    t.date('next_chased_date').nullable();
    t.integer('assigned_user_id').nullable().references('users.id');
    t.text('notes').nullable();
    timestamps(knex, t);
    t.index(['group_id', 'next_chased_date', 'id']);
    t.index(['group_id', 'last_chased_date']);
    t.index(['group_id', 'stage', 'next_chased_date']);
    t.index(['group_id', 'status', 'next_chased_date']);
    t.index(['group_id', 'debt_repayment_type']);
    t.index(['group_id', 'assigned_user_id', 'next_chased_date']);
    t.index(['group_id', 'created_at']);
    t.index(['tenant_contract_id']);
  });
  await knex.raw(`ALTER TABLE credit_control_records ADD CONSTRAINT credit_control_next_after_last
    CHECK (next_chased_date IS NULL OR last_chased_date IS NULL OR next_chased_date > last_chased_date)`);
  // A contract has one open case at a time; a resolved case stays as history and a new one may open later.
  await knex.raw(`CREATE UNIQUE INDEX credit_control_records_one_open ON credit_control_records (tenant_contract_id)
    WHERE stage <> 'DEBT_RESOLVED'`);

  // ---- House visits (meter reads, warrants, …) done by field partners.
  await knex.schema.createTable('house_visits', (t) => {
    t.increments('id');
    t.integer('group_id').notNullable().references('groups.id');
    t.integer('house_id').notNullable().references('houses.id');
    t.enu('job_type', [...HOUSE_VISIT_JOB_TYPES]).notNullable();
    t.enu('status', [...HOUSE_VISIT_STATUSES]).notNullable().defaultTo('PENDING');
    t.date('scheduled_date').notNullable();
    t.date('completed_date').nullable();
    t.enu('completion_result', [...HOUSE_VISIT_RESULTS]).nullable();
    t.integer('partner_id').nullable().references('partners.id');
    t.text('notes').nullable();
    timestamps(knex, t);
    t.index(['group_id', 'scheduled_date', 'id']);
    t.index(['group_id', 'status', 'scheduled_date']);
    t.index(['group_id', 'job_type', 'scheduled_date']);
    t.index(['group_id', 'completion_result']);
    t.index(['group_id', 'completed_date']);
    t.index(['group_id', 'created_at']);
    t.index(['house_id', 'scheduled_date']);
    t.index(['partner_id', 'scheduled_date']);
  });
  await knex.raw(`ALTER TABLE house_visits ADD CONSTRAINT house_visits_complete_has_result
    CHECK (status <> 'COMPLETE' OR (completion_result IS NOT NULL AND completed_date IS NOT NULL))`);

  // ---- Complaints about a tenant contract or a house contract.
  await knex.schema.createTable('complaints', (t) => {
    t.increments('id');
    t.integer('group_id').notNullable().references('groups.id');
    t.integer('tenant_contract_id').nullable().references('tenant_contracts.id');
    t.integer('house_contract_id').nullable().references('house_contracts.id');
    t.enu('status', [...COMPLAINT_STATUSES]).notNullable().defaultTo('IN_PROGRESS');
    t.text('summary').notNullable();
    t.date('received_date').notNullable();
    t.date('resolved_date').nullable();
    timestamps(knex, t);
    t.index(['group_id', 'received_date', 'id']);
    t.index(['group_id', 'status', 'received_date']);
    t.index(['group_id', 'resolved_date']);
    t.index(['group_id', 'created_at']);
    t.index(['tenant_contract_id']);
    t.index(['house_contract_id']);
  });
  await knex.raw(`ALTER TABLE complaints ADD CONSTRAINT complaints_about_a_contract
    CHECK (tenant_contract_id IS NOT NULL OR house_contract_id IS NOT NULL)`);
  await knex.raw(`ALTER TABLE complaints ADD CONSTRAINT complaints_summary_not_blank CHECK (btrim(summary) <> '')`);
  await knex.raw(`ALTER TABLE complaints ADD CONSTRAINT complaints_resolved_after_received
    CHECK (resolved_date IS NULL OR resolved_date >= received_date)`);
  await knex.raw(`ALTER TABLE complaints ADD CONSTRAINT complaints_resolved_has_date
    CHECK (status <> 'RESOLVED' OR resolved_date IS NOT NULL)`);

  // ---- Promo links (agency sign-up links) and tenants' referral codes. Codes are unique whatever their case.
  await knex.schema.createTable('promo_links', (t) => {
    t.increments('id');
    t.string('code', 50).notNullable();
    t.enu('type', [...PROMO_LINK_TYPES]).notNullable().defaultTo('PLAN_SIGNUP');
    t.integer('agency_id').nullable().references('agencies.id');
    t.date('valid_from').notNullable();
    t.date('valid_to').nullable();
    t.boolean('is_active').notNullable().defaultTo(true);
    timestamps(knex, t);
    t.index(['code']);
    t.index(['valid_from']);
    t.index(['valid_to']);
    t.index(['type']);
    t.index(['is_active', 'valid_from']);
    t.index(['agency_id']);
    t.index(['created_at']);
  });
  await knex.raw('CREATE UNIQUE INDEX promo_links_code_unique ON promo_links (lower(code))');
  await knex.raw(`ALTER TABLE promo_links ADD CONSTRAINT promo_links_code_not_tenant_id CHECK (btrim(code) <> '' AND NOT ${LOOKS_LIKE_TENANT_ID})`);
  await knex.raw('ALTER TABLE promo_links ADD CONSTRAINT promo_links_valid_to_after_from CHECK (valid_to IS NULL OR valid_to >= valid_from)');

  await knex.schema.createTable('referral_codes', (t) => {
    t.increments('id');
    t.string('code', 50).notNullable();
    t.integer('tenant_id').notNullable().references('users.id');
    t.integer('reward_pence').notNullable().defaultTo(0);
    t.integer('used_count').notNullable().defaultTo(0);
    timestamps(knex, t);
    t.index(['code']);
    t.index(['tenant_id']);
    t.index(['used_count']);
    t.index(['created_at']);
  });
  await knex.raw('CREATE UNIQUE INDEX referral_codes_code_unique ON referral_codes (lower(code))');
  await knex.raw(`ALTER TABLE referral_codes ADD CONSTRAINT referral_codes_code_not_tenant_id CHECK (btrim(code) <> '' AND NOT ${LOOKS_LIKE_TENANT_ID})`);
  await knex.raw('ALTER TABLE referral_codes ADD CONSTRAINT referral_codes_reward_not_negative CHECK (reward_pence >= 0)');
  await knex.raw('ALTER TABLE referral_codes ADD CONSTRAINT referral_codes_used_not_negative CHECK (used_count >= 0)');

  // ---- Addresses no e-mail is ever sent to; one row per address whatever its case or surrounding spaces.
  await knex.schema.createTable('email_blacklist', (t) => {
    t.increments('id');
    t.string('email').notNullable();
    t.text('reason').nullable();
    timestamps(knex, t);
    t.index(['created_at']);
  });
  await knex.raw('CREATE UNIQUE INDEX email_blacklist_email_unique ON email_blacklist (lower(btrim(email)))');
  await knex.raw(`ALTER TABLE email_blacklist ADD CONSTRAINT email_blacklist_email_format CHECK (email ~ '^\\s*[^\\s@]+@[^\\s@]+\\.[^\\s@]{2,}\\s*$')`);

  // ---- Bank holidays (England and Wales): no two rows for one day.
  await knex.schema.createTable('bank_holidays', (t) => {
    t.increments('id');
    t.date('date').notNullable().unique();
    t.string('description', 100).nullable();
    timestamps(knex, t);
    t.index(['created_at']);
  });
  await knex('bank_holidays').insert(ENGLAND_AND_WALES_BANK_HOLIDAYS.map((holiday) => ({ ...holiday }))).onConflict('date').ignore();

  // ---- Sales: agency leads and deals.
  await knex.schema.createTable('agency_leads', (t) => {
    t.increments('id');
    t.string('agency_name', 200).notNullable();
    t.string('contact_name').nullable();
    t.string('email').nullable();
    t.string('phone', 20).nullable();
    t.string('city_name', 100).nullable();
    t.enu('stage', [...AGENCY_LEAD_STAGES]).notNullable().defaultTo('NEW');
    t.enu('sale_status', [...SALE_STATUSES]).notNullable().defaultTo('LEAD');
    timestamps(knex, t);
    t.index(['agency_name']);
    t.index(['stage', 'created_at']);
    t.index(['sale_status', 'created_at']);
    t.index(['city_name']);
    t.index(['created_at']);
  });
  await knex.raw('ALTER TABLE agency_leads ADD CONSTRAINT agency_leads_name_not_blank CHECK (btrim(agency_name) <> \'\')');

  await knex.schema.createTable('deals', (t) => {
    t.increments('id');
    t.integer('agency_lead_id').nullable().references('agency_leads.id');
    t.integer('agency_id').nullable().references('agencies.id');
    t.enu('stage', [...DEAL_STAGES]).notNullable().defaultTo('FOLLOW_UP');
    t.integer('value_pence').notNullable().defaultTo(0);
    t.date('expected_close_date').nullable();
    t.integer('owner_user_id').nullable().references('users.id');
    timestamps(knex, t);
    t.index(['stage', 'expected_close_date']);
    t.index(['expected_close_date']);
    t.index(['value_pence']);
    t.index(['agency_lead_id']);
    t.index(['agency_id']);
    t.index(['owner_user_id']);
    t.index(['created_at']);
  });
  await knex.raw('ALTER TABLE deals ADD CONSTRAINT deals_value_not_negative CHECK (value_pence >= 0)');
  await knex.raw('ALTER TABLE deals ADD CONSTRAINT deals_with_lead_or_agency CHECK (agency_lead_id IS NOT NULL OR agency_id IS NOT NULL)');

  // ---- Uploaded files (stored elsewhere under storage_key), linked to the record they belong to.
  await knex.schema.createTable('uploads', (t) => {
    t.increments('id');
    t.integer('group_id').notNullable().references('groups.id');
    t.enu('resource_type', [...UPLOAD_RESOURCE_TYPES]).notNullable();
    t.string('file_name').notNullable();
    t.string('content_type', 100).notNullable();
    t.integer('size_bytes').notNullable();
    t.string('storage_key', 500).notNullable().unique();
    t.integer('uploaded_by_user_id').nullable().references('users.id');
    t.integer('house_contract_id').nullable().references('house_contracts.id');
    t.integer('tenant_contract_id').nullable().references('tenant_contracts.id');
    t.integer('house_visit_id').nullable().references('house_visits.id');
    timestamps(knex, t);
    t.index(['group_id', 'created_at', 'id']);
    t.index(['group_id', 'resource_type', 'created_at']);
    t.index(['uploaded_by_user_id']);
    t.index(['house_contract_id']);
    t.index(['tenant_contract_id']);
    t.index(['house_visit_id']);
  });
  await knex.raw('ALTER TABLE uploads ADD CONSTRAINT uploads_size_not_negative CHECK (size_bytes >= 0)');
  await knex.raw(`ALTER TABLE uploads ADD CONSTRAINT uploads_file_name_not_blank CHECK (btrim(file_name) <> '')`);

  // The photo of a meter reading (the column came with the property schema, before this table existed).
  await knex.schema.alterTable('meter_readings', (t) => {
    t.foreign('image_upload_id').references('uploads.id');
    t.index(['image_upload_id']);
  });

  // ---- Server notifications of a user (drawer and socket): notificationType INFO is a silent data message
  // dispatched to the client handler named by `type`.
  await knex.schema.createTable('notifications', (t) => {
    t.bigIncrements('id');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('title').notNullable();
    t.text('message').notNullable();
    t.string('type', 100).nullable();
    t.enu('notification_type', [...NOTIFICATION_TYPES]).notNullable().defaultTo('INFO');
    t.jsonb('data').notNullable().defaultTo('{}');
    t.boolean('read').notNullable().defaultTo(false);
    timestamps(knex, t);
    t.index(['user_id', 'read', 'created_at']);
    t.index(['read', 'created_at']);
    t.index(['notification_type', 'created_at']);
    t.index(['created_at']);
  });
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only: write a new migration instead.');
}
