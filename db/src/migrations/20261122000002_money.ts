import type { Knex } from 'knex';
import {
  ACCOUNTING_AGGREGATE_TYPES,
  ACCOUNTING_COMPANY_CODES,
  ACCOUNTING_EXPORT_ROW_STATUSES,
  ACCOUNTING_EXPORT_SOURCES,
  ACCOUNTING_EXPORT_STATUSES,
  ACCOUNTING_TAX_CODES,
  ACCOUNTING_TRANSACTION_TYPES,
  ADDITIONAL_TRANSACTION_TYPES,
  BILL_KINDS,
  BILL_STATES,
  BILL_STATUSES,
  CARD_PROVIDERS,
  DD_TRANSACTION_STATUSES,
  DIRECT_DEBIT_STATUSES,
  GOVERNMENT_REBATE_METHODS,
  LEDGER_CHARGE_KINDS,
  LEDGER_CREDIT_KINDS,
  LEDGER_ENTRY_KINDS,
  MANDATE_STATUSES,
  METER_REGISTERS,
  PAYMENT_METHOD_KINDS,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  PDF_STATUSES,
  REFUND_STATUSES,
  REFUND_TYPES,
  SALES_JOURNAL_EXPORT_STATUSES,
  SALES_JOURNAL_STATUSES,
  SCHEDULE_ENDS,
  SCHEDULE_KINDS,
  SCHEDULE_STATUSES,
  SCHEDULE_TYPES,
  SERVICE_USER_NUMBERS,
  TOP_UP_SOURCES,
  TOP_UP_STATUSES,
  TRACKER_REVIEW_STATUSES,
  UTILITY_TYPES,
  VAT_RATES_BP,
} from '@app/api/rules';
import { timestamps } from './helpers';

const quoted = (values: readonly string[]) => values.map((value) => `'${value.replace(/'/g, "''")}'`).join(', ');

/**
 * Bills and their lines, the tenant ledger, payments, payment methods, direct debits, refunds, schedules,
 * top-ups, additional transactions, government rebates, sales journals and accounting exports. Money is
 * integer pence. The database itself guarantees what the money must never lose: one ISSUED statement per
 * contract, kind and period; total = net + VAT; positive amounts; an insert-only ledger; issued bills and
 * generated journals changed only by voiding or reversing them; references that stay within one tenant
 * contract (a refund's payment, a ledger entry's bill or payment, a transaction's mandate).
 */
export async function up(knex: Knex): Promise<void> {
  const check = (table: string, name: string, condition: string) => knex.raw(`ALTER TABLE ${table} ADD CONSTRAINT ${table}_${name} CHECK (${condition})`);
  const positiveAmount = (table: string) => check(table, 'amount_positive', 'amount_pence > 0');
  // A child row may point at a parent only when both belong to the same tenant contract (or group).
  const sameParent = (table: string, columns: string, parent: string, parentColumns: string) =>
    knex.raw(`ALTER TABLE ${table} ADD CONSTRAINT ${table}_${columns.split(',')[0]!.trim()}_same_owner FOREIGN KEY (${columns}) REFERENCES ${parent} (${parentColumns})`);

  // Raised by the guards below as check violations naming a constraint, so the API reports a field error, not a 500.
  await knex.raw(`
    CREATE FUNCTION money_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION '% rows are never updated or deleted: add a correcting row instead', TG_TABLE_NAME
        USING ERRCODE = 'check_violation', CONSTRAINT = TG_TABLE_NAME || '_insert_only';
    END $$`);
  await knex.raw(`
    CREATE FUNCTION money_amount_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        RAISE EXCEPTION '% rows are never deleted', TG_TABLE_NAME
          USING ERRCODE = 'check_violation', CONSTRAINT = TG_TABLE_NAME || '_never_deleted';
      END IF;
      IF NEW.amount_pence IS DISTINCT FROM OLD.amount_pence OR NEW.tenant_contract_id IS DISTINCT FROM OLD.tenant_contract_id
         OR NEW.group_id IS DISTINCT FROM OLD.group_id THEN
        RAISE EXCEPTION 'the amount and tenant contract of % rows never change', TG_TABLE_NAME
          USING ERRCODE = 'check_violation', CONSTRAINT = TG_TABLE_NAME || '_amount_fixed';
      END IF;
      RETURN NEW;
    END $$`);
  const insertOnly = (table: string) =>
    knex.raw(`CREATE TRIGGER ${table}_insert_only BEFORE UPDATE OR DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION money_refuse_change()`);
  const amountFixed = (table: string) =>
    knex.raw(`CREATE TRIGGER ${table}_amount_fixed BEFORE UPDATE OR DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION money_amount_fixed()`);

  // ---- Bills: house statements (tenant_contract_id null), tenant statements split from them, final statements, …
  await knex.schema.createTable('bills', (t) => {
    t.bigIncrements('id');
    t.integer('group_id').notNullable().references('groups.id');
    t.enu('kind', [...BILL_KINDS]).notNullable();
    t.enu('state', [...BILL_STATES]).notNullable().defaultTo('ISSUED');
    t.enu('status', [...BILL_STATUSES]).notNullable().defaultTo('COMPLETE');
    t.enu('pdf_status', [...PDF_STATUSES]).nullable();
    // Null only on portfolio invoices (an agency's invoice across houses).
    t.integer('house_contract_id').nullable().references('house_contracts.id');
    t.integer('tenant_contract_id').nullable().references('tenant_contracts.id');
    t.bigInteger('parent_bill_id').nullable();
    t.bigInteger('replaces_bill_id').nullable().references('bills.id');
    t.date('period_start').notNullable();
    t.date('period_end').notNullable();
    t.date('issue_date').notNullable();
    t.date('due_date').notNullable();
    t.integer('net_pence').notNullable();
    t.integer('vat_pence').notNullable();
    t.integer('total_pence').notNullable();
    t.timestamp('voided_at', { useTz: true }).nullable();
    t.text('void_reason').nullable();
    timestamps(knex, t);
    t.unique(['id', 'group_id']);
    t.unique(['id', 'house_contract_id']);
    t.unique(['id', 'tenant_contract_id']);
    t.index(['group_id', 'issue_date', 'id']);
    t.index(['group_id', 'period_start', 'id']);
    t.index(['group_id', 'period_end']);
    t.index(['group_id', 'due_date', 'id']);
    t.index(['group_id', 'kind', 'issue_date']);
    t.index(['group_id', 'state', 'issue_date']);
    t.index(['group_id', 'status', 'issue_date']);
    t.index(['group_id', 'created_at']);
    t.index(['house_contract_id', 'period_start']);
    t.index(['tenant_contract_id', 'period_start']);
  });
  await check('bills', 'total_is_net_plus_vat', 'total_pence = net_pence + vat_pence');
  await check('bills', 'period_order', 'period_end >= period_start');
  await check('bills', 'due_after_issue', 'due_date >= issue_date');
  await check('bills', 'void_recorded', `(state = 'VOID') = (voided_at IS NOT NULL) AND (state <> 'VOID' OR void_reason IS NOT NULL)`);
  await check('bills', 'house_statement_has_no_tenant', `kind <> 'HOUSE_STATEMENT' OR tenant_contract_id IS NULL`);
  await check('bills', 'tenant_statement_has_tenant', `kind NOT IN ('TENANT_STATEMENT', 'FINAL_STATEMENT') OR tenant_contract_id IS NOT NULL`);
  await check('bills', 'has_house_contract', `house_contract_id IS NOT NULL OR kind = 'PORTFOLIO_INVOICE'`);
  await check('bills', 'parent_only_on_tenant_bills', 'parent_bill_id IS NULL OR tenant_contract_id IS NOT NULL');
  await check('bills', 'not_replacing_itself', 'replaces_bill_id IS NULL OR replaces_bill_id <> id');
  // A tenant statement is split from a house statement of the same house contract.
  await sameParent('bills', 'parent_bill_id, house_contract_id', 'bills', 'id, house_contract_id');
  // A bill run never bills twice: one ISSUED statement per contract, kind and period (voided ones may repeat).
  await knex.raw(`CREATE UNIQUE INDEX bills_issued_house_statement_unique ON bills (house_contract_id, kind, period_start, period_end)
    WHERE state = 'ISSUED' AND tenant_contract_id IS NULL`);
  await knex.raw(`CREATE UNIQUE INDEX bills_issued_tenant_statement_unique ON bills (tenant_contract_id, kind, period_start, period_end)
    WHERE state = 'ISSUED' AND tenant_contract_id IS NOT NULL`);
  // A voided bill is re-issued at most once (while the replacement stands).
  await knex.raw(`CREATE UNIQUE INDEX bills_issued_replacement_unique ON bills (replaces_bill_id) WHERE state = 'ISSUED' AND replaces_bill_id IS NOT NULL`);
  await knex.raw('CREATE INDEX bills_replaces_bill_id_index ON bills (replaces_bill_id) WHERE replaces_bill_id IS NOT NULL');
  await knex.raw('CREATE INDEX bills_parent_bill_id_index ON bills (parent_bill_id) WHERE parent_bill_id IS NOT NULL');
  await knex.raw('CREATE INDEX bills_group_pdf_status_index ON bills (group_id, pdf_status) WHERE pdf_status IS NOT NULL');
  // An issued bill is never edited: only its dispute status and PDF status move, and ISSUED → VOID (with when and why).
  await knex.raw(`
    CREATE FUNCTION bills_guard() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        RAISE EXCEPTION 'bills are never deleted: void them' USING ERRCODE = 'check_violation', CONSTRAINT = 'bills_never_deleted';
      END IF;
      IF (NEW.id, NEW.group_id, NEW.kind, NEW.house_contract_id, NEW.tenant_contract_id, NEW.parent_bill_id, NEW.replaces_bill_id,
          NEW.period_start, NEW.period_end, NEW.issue_date, NEW.due_date, NEW.net_pence, NEW.vat_pence, NEW.total_pence, NEW.created_at)
         IS DISTINCT FROM
         (OLD.id, OLD.group_id, OLD.kind, OLD.house_contract_id, OLD.tenant_contract_id, OLD.parent_bill_id, OLD.replaces_bill_id,
          OLD.period_start, OLD.period_end, OLD.issue_date, OLD.due_date, OLD.net_pence, OLD.vat_pence, OLD.total_pence, OLD.created_at) THEN
        RAISE EXCEPTION 'an issued bill is never edited: void it and issue a replacement'
          USING ERRCODE = 'check_violation', CONSTRAINT = 'bills_issued_unchanged';
      END IF;
      IF OLD.state = 'VOID' AND (NEW.state, NEW.voided_at, NEW.void_reason) IS DISTINCT FROM (OLD.state, OLD.voided_at, OLD.void_reason) THEN
        RAISE EXCEPTION 'a void bill stays void' USING ERRCODE = 'check_violation', CONSTRAINT = 'bills_void_final';
      END IF;
      RETURN NEW;
    END $$`);
  await knex.raw('CREATE TRIGGER bills_guard BEFORE UPDATE OR DELETE ON bills FOR EACH ROW EXECUTE FUNCTION bills_guard()');

  await knex.schema.createTable('bill_lines', (t) => {
    t.bigIncrements('id');
    t.integer('group_id').notNullable().references('groups.id');
    t.bigInteger('bill_id').notNullable();
    t.integer('service_id').nullable().references('services.id');
    t.enu('utility_type', [...UTILITY_TYPES]).nullable();
    t.string('description').notNullable();
    t.enu('register', [...METER_REGISTERS]).nullable();
    t.decimal('opening_read', 14, 3).nullable();
    t.decimal('closing_read', 14, 3).nullable();
    t.boolean('estimated').notNullable().defaultTo(false);
    t.decimal('quantity', 14, 3).nullable();
    // Pence per kWh and pence per day, to 4 places, as on the tariff; the line is rounded once to the penny.
    t.decimal('unit_rate', 10, 4).nullable();
    t.integer('days').nullable();
    t.decimal('standing_charge', 10, 4).nullable();
    t.integer('net_pence').notNullable();
    t.integer('vat_rate_bp').notNullable();
    t.integer('vat_pence').notNullable();
    t.integer('total_pence').notNullable();
    timestamps(knex, t);
    t.index(['bill_id', 'id']);
    t.index(['group_id', 'utility_type']);
    t.index(['group_id', 'created_at']);
  });
  await sameParent('bill_lines', 'bill_id, group_id', 'bills', 'id, group_id');
  await check('bill_lines', 'total_is_net_plus_vat', 'total_pence = net_pence + vat_pence');
  await check('bill_lines', 'vat_rate', `vat_rate_bp IN (${VAT_RATES_BP.join(', ')})`);
  await check('bill_lines', 'reads_not_negative', '(opening_read IS NULL OR opening_read >= 0) AND (closing_read IS NULL OR closing_read >= 0)');
  await check('bill_lines', 'rates_not_negative', '(unit_rate IS NULL OR unit_rate >= 0) AND (standing_charge IS NULL OR standing_charge >= 0) AND (days IS NULL OR days >= 0)');
  await knex.raw('CREATE INDEX bill_lines_service_id_index ON bill_lines (service_id) WHERE service_id IS NOT NULL');
  // The lines of an issued bill are part of it: never edited.
  await insertOnly('bill_lines');

  // ---- Payments received.
  await knex.schema.createTable('payments', (t) => {
    t.bigIncrements('id');
    t.integer('group_id').notNullable().references('groups.id');
    t.integer('tenant_contract_id').notNullable().references('tenant_contracts.id');
    t.integer('amount_pence').notNullable();
    t.date('payment_date').notNullable();
    t.timestamp('paid_at', { useTz: true }).nullable();
    t.enu('method', [...PAYMENT_METHODS]).notNullable();
    t.enu('status', [...PAYMENT_STATUSES]).notNullable().defaultTo('OUTSTANDING');
    t.string('reference', 100).nullable();
    t.enu('card_provider', [...CARD_PROVIDERS]).nullable();
    timestamps(knex, t);
    t.unique(['id', 'tenant_contract_id']);
    t.index(['group_id', 'payment_date', 'id']);
    t.index(['group_id', 'status', 'payment_date']);
    t.index(['group_id', 'method', 'payment_date']);
    t.index(['group_id', 'reference']);
    t.index(['group_id', 'created_at']);
    t.index(['tenant_contract_id', 'payment_date']);
  });
  await positiveAmount('payments');
  await knex.raw('CREATE INDEX payments_group_card_provider_index ON payments (group_id, card_provider) WHERE card_provider IS NOT NULL');
  await amountFixed('payments');

  // ---- Direct debits: mandates (the instruction) and transactions (each collection).
  await knex.schema.createTable('direct_debit_mandates', (t) => {
    t.increments('id');
    t.integer('group_id').notNullable().references('groups.id');
    t.integer('tenant_contract_id').notNullable().references('tenant_contracts.id');
    t.string('reference', 18).notNullable().unique();
    t.boolean('paper').notNullable().defaultTo(false);
    t.string('account_name', 100).notNullable();
    t.string('sort_code', 6).notNullable();
    // The last four digits only: the full account number is never stored.
    t.string('account_number_ending', 4).notNullable();
    t.enu('status', [...MANDATE_STATUSES]).notNullable().defaultTo('PENDING');
    t.enu('direct_debit_status', [...DIRECT_DEBIT_STATUSES]).notNullable().defaultTo('PENDING');
    t.enu('service_user_number', [...SERVICE_USER_NUMBERS]).nullable();
    timestamps(knex, t);
    t.unique(['id', 'tenant_contract_id']);
    t.index(['group_id', 'id']);
    t.index(['group_id', 'status', 'id']);
    t.index(['group_id', 'direct_debit_status']);
    t.index(['group_id', 'paper']);
    t.index(['group_id', 'account_name']);
    t.index(['group_id', 'created_at']);
    t.index(['tenant_contract_id']);
  });
  await check('direct_debit_mandates', 'paper_reference_format', `NOT paper OR reference ~ '^[0-9]{7}C[0-9]{2}$'`);
  await check('direct_debit_mandates', 'sort_code_format', `sort_code ~ '^[0-9]{6}$' AND sort_code <> '000000'`);
  await check('direct_debit_mandates', 'account_number_ending_format', `account_number_ending ~ '^[0-9]{4}$'`);

  await knex.schema.createTable('payment_methods', (t) => {
    t.increments('id');
    t.integer('group_id').notNullable().references('groups.id');
    t.integer('tenant_contract_id').notNullable().references('tenant_contracts.id');
    t.enu('kind', [...PAYMENT_METHOD_KINDS]).notNullable();
    t.integer('mandate_id').nullable();
    t.enu('card_provider', [...CARD_PROVIDERS]).nullable();
    t.string('card_last4', 4).nullable();
    t.integer('card_expiry_month').nullable();
    t.integer('card_expiry_year').nullable();
    t.boolean('is_active').notNullable().defaultTo(true);
    timestamps(knex, t);
    t.index(['group_id', 'id']);
    t.index(['group_id', 'kind', 'is_active']);
    t.index(['group_id', 'is_active']);
    t.index(['group_id', 'card_provider']);
    t.index(['group_id', 'card_last4']);
    t.index(['group_id', 'created_at']);
    t.index(['tenant_contract_id', 'is_active']);
  });
  await sameParent('payment_methods', 'mandate_id, tenant_contract_id', 'direct_debit_mandates', 'id, tenant_contract_id');
  await check('payment_methods', 'card_details', `kind <> 'CARD' OR (card_provider IS NOT NULL AND card_last4 IS NOT NULL AND card_expiry_month IS NOT NULL AND card_expiry_year IS NOT NULL)`);
  await check('payment_methods', 'card_last4_format', `card_last4 IS NULL OR card_last4 ~ '^[0-9]{4}$'`);
  await check('payment_methods', 'card_expiry_range', '(card_expiry_month IS NULL OR card_expiry_month BETWEEN 1 AND 12) AND (card_expiry_year IS NULL OR card_expiry_year BETWEEN 2000 AND 2100)');
  await knex.raw('CREATE INDEX payment_methods_mandate_id_index ON payment_methods (mandate_id) WHERE mandate_id IS NOT NULL');

  await knex.schema.createTable('direct_debit_transactions', (t) => {
    t.bigIncrements('id');
    t.integer('group_id').notNullable().references('groups.id');
    t.integer('mandate_id').notNullable();
    t.integer('tenant_contract_id').notNullable().references('tenant_contracts.id');
    t.bigInteger('payment_id').nullable();
    t.integer('amount_pence').notNullable();
    t.date('collection_date').notNullable();
    t.enu('status', [...DD_TRANSACTION_STATUSES]).notNullable().defaultTo('PENDING');
    t.text('failure_reason').nullable();
    t.enu('tracker_review', [...TRACKER_REVIEW_STATUSES]).nullable();
    timestamps(knex, t);
    t.index(['group_id', 'collection_date', 'id']);
    t.index(['group_id', 'status', 'collection_date'], 'dd_transactions_group_status_collection_index');
    t.index(['group_id', 'created_at']);
    t.index(['mandate_id', 'collection_date']);
    t.index(['tenant_contract_id', 'collection_date'], 'dd_transactions_tenant_contract_collection_index');
  });
  await sameParent('direct_debit_transactions', 'mandate_id, tenant_contract_id', 'direct_debit_mandates', 'id, tenant_contract_id');
  await sameParent('direct_debit_transactions', 'payment_id, tenant_contract_id', 'payments', 'id, tenant_contract_id');
  await positiveAmount('direct_debit_transactions');
  await knex.raw('CREATE INDEX direct_debit_transactions_tracker_review_index ON direct_debit_transactions (group_id, tracker_review) WHERE tracker_review IS NOT NULL');
  await knex.raw('CREATE INDEX direct_debit_transactions_payment_id_index ON direct_debit_transactions (payment_id) WHERE payment_id IS NOT NULL');
  await amountFixed('direct_debit_transactions');

  // ---- Refunds: never more than the payment (the API checks the running total), only ACTIVE ones cancelled.
  await knex.schema.createTable('refunds', (t) => {
    t.increments('id');
    t.integer('group_id').notNullable().references('groups.id');
    t.integer('tenant_contract_id').notNullable().references('tenant_contracts.id');
    t.bigInteger('payment_id').nullable();
    t.integer('amount_pence').notNullable();
    t.enu('refund_type', [...REFUND_TYPES]).notNullable();
    t.enu('status', [...REFUND_STATUSES]).notNullable().defaultTo('ACTIVE');
    t.text('reason').nullable();
    timestamps(knex, t);
    t.unique(['id', 'tenant_contract_id']);
    t.index(['group_id', 'id']);
    t.index(['group_id', 'status', 'id']);
    t.index(['group_id', 'refund_type', 'id']);
    t.index(['group_id', 'created_at']);
    t.index(['tenant_contract_id', 'created_at']);
  });
  await sameParent('refunds', 'payment_id, tenant_contract_id', 'payments', 'id, tenant_contract_id');
  await positiveAmount('refunds');
  await check('refunds', 'payment_refund_names_payment', `refund_type <> 'PAYMENT' OR payment_id IS NOT NULL`);
  // The per-contract daily refund limit (domain notes: configurable), read by the refund rules; staff may change it.
  await knex('system_settings').insert({ key: 'refundDailyLimitPerContract', value: JSON.stringify(3) }).onConflict('key').ignore();
  await knex.raw('CREATE INDEX refunds_payment_id_index ON refunds (payment_id) WHERE payment_id IS NOT NULL');
  await amountFixed('refunds');

  await knex.schema.createTable('additional_transactions', (t) => {
    t.increments('id');
    t.integer('group_id').notNullable().references('groups.id');
    t.integer('tenant_contract_id').notNullable().references('tenant_contracts.id');
    t.enu('reference_type', [...ADDITIONAL_TRANSACTION_TYPES]).notNullable();
    t.integer('amount_pence').notNullable();
    t.string('description').notNullable();
    t.date('transaction_date').notNullable();
    timestamps(knex, t);
    t.unique(['id', 'tenant_contract_id']);
    t.index(['group_id', 'transaction_date', 'id']);
    t.index(['group_id', 'reference_type', 'transaction_date'], 'additional_transactions_group_type_date_index');
    t.index(['group_id', 'created_at']);
    t.index(['tenant_contract_id', 'transaction_date'], 'additional_transactions_tenant_contract_date_index');
  });
  await positiveAmount('additional_transactions');
  await amountFixed('additional_transactions');

  await knex.schema.createTable('government_rebates', (t) => {
    t.increments('id');
    t.integer('group_id').notNullable().references('groups.id');
    t.integer('tenant_contract_id').notNullable().references('tenant_contracts.id');
    t.enu('method', [...GOVERNMENT_REBATE_METHODS]).notNullable();
    t.integer('amount_pence').notNullable();
    t.date('payment_month').notNullable();
    t.string('scheme_name', 100).notNullable();
    timestamps(knex, t);
    t.unique(['id', 'tenant_contract_id']);
    // One payment per scheme, month and tenant contract.
    t.unique(['tenant_contract_id', 'scheme_name', 'payment_month'], { indexName: 'government_rebates_scheme_month_unique' });
    t.index(['group_id', 'payment_month', 'id']);
    t.index(['group_id', 'scheme_name', 'payment_month']);
    t.index(['group_id', 'method', 'payment_month']);
    t.index(['group_id', 'created_at']);
  });
  await positiveAmount('government_rebates');
  await check('government_rebates', 'payment_month_first_day', 'extract(day FROM payment_month) = 1');
  await amountFixed('government_rebates');

  // ---- The ledger: + charges, − credits; insert-only. Each entry names what it posts, within its tenant contract.
  await knex.schema.createTable('ledger_entries', (t) => {
    t.bigIncrements('id');
    t.integer('group_id').notNullable().references('groups.id');
    t.integer('tenant_contract_id').notNullable().references('tenant_contracts.id');
    t.date('entry_date').notNullable();
    t.enu('kind', [...LEDGER_ENTRY_KINDS]).notNullable();
    t.integer('amount_pence').notNullable();
    t.string('description').notNullable();
    t.bigInteger('bill_id').nullable();
    t.bigInteger('payment_id').nullable();
    t.integer('refund_id').nullable();
    t.integer('additional_transaction_id').nullable();
    t.integer('government_rebate_id').nullable();
    timestamps(knex, t);
    t.index(['group_id', 'entry_date', 'id']);
    t.index(['group_id', 'kind', 'entry_date']);
    t.index(['group_id', 'created_at']);
    t.index(['tenant_contract_id', 'entry_date', 'id']);
  });
  await sameParent('ledger_entries', 'bill_id, tenant_contract_id', 'bills', 'id, tenant_contract_id');
  await sameParent('ledger_entries', 'payment_id, tenant_contract_id', 'payments', 'id, tenant_contract_id');
  await sameParent('ledger_entries', 'refund_id, tenant_contract_id', 'refunds', 'id, tenant_contract_id');
  await sameParent('ledger_entries', 'additional_transaction_id, tenant_contract_id', 'additional_transactions', 'id, tenant_contract_id');
  await sameParent('ledger_entries', 'government_rebate_id, tenant_contract_id', 'government_rebates', 'id, tenant_contract_id');
  await check('ledger_entries', 'charge_not_negative', `kind NOT IN (${quoted(LEDGER_CHARGE_KINDS)}) OR amount_pence >= 0`);
  await check('ledger_entries', 'credit_not_positive', `kind NOT IN (${quoted(LEDGER_CREDIT_KINDS)}) OR amount_pence <= 0`);
  await check('ledger_entries', 'bill_entry_names_bill', `kind NOT IN ('STATEMENT', 'FINAL_STATEMENT', 'VOID') OR bill_id IS NOT NULL`);
  await check('ledger_entries', 'payment_entry_names_payment', `kind NOT IN ('PAYMENT', 'PAYMENT_FAILED') OR payment_id IS NOT NULL`);
  await check('ledger_entries', 'refund_entry_names_refund', `kind <> 'REFUND' OR refund_id IS NOT NULL`);
  await check('ledger_entries', 'additional_entry_names_transaction', `kind NOT IN ('ADDITIONAL_DEBIT', 'ADDITIONAL_CREDIT') OR additional_transaction_id IS NOT NULL`);
  await check('ledger_entries', 'rebate_entry_names_rebate', `kind <> 'GOVERNMENT_REBATE' OR government_rebate_id IS NOT NULL`);
  for (const column of ['bill_id', 'payment_id', 'refund_id', 'additional_transaction_id', 'government_rebate_id']) {
    await knex.raw(`CREATE INDEX ledger_entries_${column}_index ON ledger_entries (${column}) WHERE ${column} IS NOT NULL`);
  }
  await insertOnly('ledger_entries');

  // ---- Planned collections and meter top-ups.
  await knex.schema.createTable('payment_schedules', (t) => {
    t.increments('id');
    t.integer('group_id').notNullable().references('groups.id');
    t.integer('tenant_contract_id').notNullable().references('tenant_contracts.id');
    t.enu('kind', [...SCHEDULE_KINDS]).notNullable();
    t.enu('schedule_type', [...SCHEDULE_TYPES]).notNullable();
    t.enu('end_type', [...SCHEDULE_ENDS]).nullable();
    t.integer('times').nullable();
    t.date('start_date').notNullable();
    t.date('end_date').nullable();
    t.string('cron', 100).nullable();
    t.integer('amount_pence').notNullable();
    t.integer('payment_day').nullable();
    t.enu('status', [...SCHEDULE_STATUSES]).notNullable().defaultTo('ACTIVE');
    timestamps(knex, t);
    t.index(['group_id', 'start_date', 'id']);
    t.index(['group_id', 'end_date']);
    t.index(['group_id', 'status', 'start_date']);
    t.index(['group_id', 'kind', 'start_date']);
    t.index(['group_id', 'schedule_type']);
    t.index(['group_id', 'created_at']);
    t.index(['tenant_contract_id', 'start_date']);
  });
  await positiveAmount('payment_schedules');
  await check('payment_schedules', 'times_positive', 'times IS NULL OR times > 0');
  await check('payment_schedules', 'ends_after_times', `end_type IS DISTINCT FROM 'TIMES' OR times IS NOT NULL`);
  await check('payment_schedules', 'ends_on_date', `end_type IS DISTINCT FROM 'DATE' OR end_date IS NOT NULL`);
  await check('payment_schedules', 'end_after_start', 'end_date IS NULL OR end_date >= start_date');
  await check('payment_schedules', 'cron_given', `schedule_type <> 'CRON' OR cron IS NOT NULL`);
  await check('payment_schedules', 'payment_day', 'payment_day IS NULL OR payment_day BETWEEN 1 AND 29 OR payment_day = 31');

  await knex.schema.createTable('top_ups', (t) => {
    t.increments('id');
    t.integer('group_id').notNullable().references('groups.id');
    t.integer('tenant_contract_id').notNullable().references('tenant_contracts.id');
    t.integer('meter_id').notNullable().references('meters.id');
    t.integer('amount_pence').notNullable();
    t.enu('source', [...TOP_UP_SOURCES]).notNullable().defaultTo('BACKOFFICE');
    t.enu('status', [...TOP_UP_STATUSES]).notNullable().defaultTo('NEW');
    timestamps(knex, t);
    t.index(['group_id', 'created_at', 'id']);
    t.index(['group_id', 'status', 'created_at']);
    t.index(['group_id', 'source', 'created_at']);
    t.index(['tenant_contract_id', 'created_at']);
    t.index(['meter_id', 'created_at']);
  });
  await positiveAmount('top_ups');
  await amountFixed('top_ups');

  // ---- Sales journals: GENERATED, then only ever REVERSED (by a reversing journal) and marked exported.
  await knex.schema.createTable('sales_journals', (t) => {
    t.increments('id');
    t.integer('group_id').notNullable().references('groups.id');
    t.date('period_start').notNullable();
    t.date('period_end').notNullable();
    t.enu('status', [...SALES_JOURNAL_STATUSES]).notNullable().defaultTo('GENERATED');
    t.enu('export_status', [...SALES_JOURNAL_EXPORT_STATUSES]).notNullable().defaultTo('NOT_EXPORTED');
    t.integer('net_pence').notNullable();
    t.integer('vat_pence').notNullable();
    t.integer('total_pence').notNullable();
    t.timestamp('generated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('reversed_at', { useTz: true }).nullable();
    t.integer('reverses_journal_id').nullable().references('sales_journals.id');
    timestamps(knex, t);
    t.unique(['id', 'group_id']);
    t.index(['group_id', 'period_start', 'id']);
    t.index(['group_id', 'period_end']);
    t.index(['group_id', 'status', 'period_start']);
    t.index(['group_id', 'export_status', 'period_start']);
    t.index(['group_id', 'generated_at']);
    t.index(['group_id', 'created_at']);
  });
  await check('sales_journals', 'total_is_net_plus_vat', 'total_pence = net_pence + vat_pence');
  await check('sales_journals', 'period_order', 'period_end >= period_start');
  await check('sales_journals', 'reversal_recorded', `(status = 'REVERSED') = (reversed_at IS NOT NULL)`);
  await check('sales_journals', 'not_reversing_itself', 'reverses_journal_id IS NULL OR reverses_journal_id <> id');
  await knex.raw(`CREATE UNIQUE INDEX sales_journals_generated_period_unique ON sales_journals (group_id, period_start, period_end)
    WHERE status = 'GENERATED' AND reverses_journal_id IS NULL`);
  await knex.raw('CREATE UNIQUE INDEX sales_journals_reverses_journal_id_unique ON sales_journals (reverses_journal_id) WHERE reverses_journal_id IS NOT NULL');
  await knex.raw(`
    CREATE FUNCTION sales_journals_guard() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        RAISE EXCEPTION 'sales journals are never deleted: reverse them' USING ERRCODE = 'check_violation', CONSTRAINT = 'sales_journals_never_deleted';
      END IF;
      IF (NEW.id, NEW.group_id, NEW.period_start, NEW.period_end, NEW.net_pence, NEW.vat_pence, NEW.total_pence, NEW.generated_at,
          NEW.reverses_journal_id, NEW.created_at)
         IS DISTINCT FROM
         (OLD.id, OLD.group_id, OLD.period_start, OLD.period_end, OLD.net_pence, OLD.vat_pence, OLD.total_pence, OLD.generated_at,
          OLD.reverses_journal_id, OLD.created_at)
         OR (OLD.status = 'REVERSED' AND (NEW.status, NEW.reversed_at) IS DISTINCT FROM (OLD.status, OLD.reversed_at)) THEN
        RAISE EXCEPTION 'a generated sales journal is never edited: reverse it'
          USING ERRCODE = 'check_violation', CONSTRAINT = 'sales_journals_generated_unchanged';
      END IF;
      RETURN NEW;
    END $$`);
  await knex.raw('CREATE TRIGGER sales_journals_guard BEFORE UPDATE OR DELETE ON sales_journals FOR EACH ROW EXECUTE FUNCTION sales_journals_guard()');

  await knex.schema.createTable('sales_journal_lines', (t) => {
    t.bigIncrements('id');
    t.integer('group_id').notNullable().references('groups.id');
    t.integer('sales_journal_id').notNullable();
    t.bigInteger('bill_id').nullable();
    t.string('account_reference', 50).notNullable();
    t.string('nominal_code', 20).notNullable();
    t.integer('net_pence').notNullable();
    t.integer('vat_pence').notNullable();
    t.string('details').nullable();
    timestamps(knex, t);
    t.index(['sales_journal_id', 'id']);
    t.index(['group_id', 'account_reference']);
    t.index(['group_id', 'nominal_code']);
    t.index(['group_id', 'created_at']);
  });
  await sameParent('sales_journal_lines', 'sales_journal_id, group_id', 'sales_journals', 'id, group_id');
  await sameParent('sales_journal_lines', 'bill_id, group_id', 'bills', 'id, group_id');
  await knex.raw('CREATE INDEX sales_journal_lines_bill_id_index ON sales_journal_lines (bill_id) WHERE bill_id IS NOT NULL');
  await insertOnly('sales_journal_lines');

  // ---- Exports to the accounting package.
  await knex.schema.createTable('accounting_exports', (t) => {
    t.increments('id');
    t.integer('group_id').notNullable().references('groups.id');
    t.enu('source', [...ACCOUNTING_EXPORT_SOURCES]).notNullable();
    t.enu('aggregate_type', [...ACCOUNTING_AGGREGATE_TYPES]).notNullable();
    t.enu('company_code', [...ACCOUNTING_COMPANY_CODES]).notNullable();
    t.enu('status', [...ACCOUNTING_EXPORT_STATUSES]).notNullable().defaultTo('NOT_EXPORTED');
    t.date('period_start').notNullable();
    t.date('period_end').notNullable();
    t.integer('row_count').notNullable().defaultTo(0);
    timestamps(knex, t);
    t.unique(['id', 'group_id']);
    t.index(['group_id', 'period_start', 'id']);
    t.index(['group_id', 'period_end']);
    t.index(['group_id', 'source', 'period_start']);
    t.index(['group_id', 'aggregate_type', 'period_start']);
    t.index(['group_id', 'company_code', 'period_start']);
    t.index(['group_id', 'status', 'period_start']);
    t.index(['group_id', 'created_at']);
  });
  await check('accounting_exports', 'period_order', 'period_end >= period_start');
  await check('accounting_exports', 'row_count_not_negative', 'row_count >= 0');

  await knex.schema.createTable('accounting_export_rows', (t) => {
    t.bigIncrements('id');
    t.integer('group_id').notNullable().references('groups.id');
    t.integer('accounting_export_id').notNullable();
    t.enu('transaction_type', [...ACCOUNTING_TRANSACTION_TYPES]).notNullable();
    t.string('account_reference', 50).notNullable();
    t.string('nominal_code', 20).notNullable();
    t.date('transaction_date').notNullable();
    t.string('reference', 100).nullable();
    t.string('details').nullable();
    // The accounting package takes positive amounts; the transaction type (SI invoice, SC credit, …) gives the direction.
    t.integer('net_pence').notNullable();
    t.enu('tax_code', [...ACCOUNTING_TAX_CODES]).notNullable();
    t.integer('tax_pence').notNullable();
    t.enu('status', [...ACCOUNTING_EXPORT_ROW_STATUSES]).notNullable().defaultTo('PENDING');
    t.text('rejection_reason').nullable();
    timestamps(knex, t);
    t.index(['accounting_export_id', 'transaction_date'], 'accounting_export_rows_export_date_index');
    t.index(['group_id', 'transaction_date', 'id']);
    t.index(['group_id', 'transaction_type', 'transaction_date'], 'accounting_export_rows_group_type_date_index');
    t.index(['group_id', 'status', 'transaction_date']);
    t.index(['group_id', 'account_reference']);
    t.index(['group_id', 'nominal_code']);
    t.index(['group_id', 'tax_code']);
    t.index(['group_id', 'reference']);
    t.index(['group_id', 'created_at']);
  });
  await sameParent('accounting_export_rows', 'accounting_export_id, group_id', 'accounting_exports', 'id, group_id');
  await check('accounting_export_rows', 'amounts_not_negative', 'net_pence >= 0 AND tax_pence >= 0');
  await check('accounting_export_rows', 'rejection_has_reason', `status <> 'REJECTED' OR rejection_reason IS NOT NULL`);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only: write a new migration instead.');
}
