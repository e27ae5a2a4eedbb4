import type { Knex } from 'knex';
import { CREDIT_CONTROL_CHANNELS, CREDIT_CONTROL_MESSAGE_OUTCOMES, CREDIT_CONTROL_STEPS, OUTBOX_CHANNELS } from '@app/api/rules';
import { timestamps } from './helpers';

/** The ladder's default timings (DOMAIN.md): failed payment at once, then by days overdue. Staff edit them. */
const DEFAULT_STEPS = [
  { step: 'FAILED_PAYMENT', days_overdue: null, email: false, sms: true, description: 'At once, for each failed payment' },
  { step: 'BEHIND_ON_PAYMENTS', days_overdue: 7, email: true, sms: false, description: 'The oldest unpaid charge is a week overdue' },
  { step: 'NO_CARD', days_overdue: 14, email: true, sms: false, description: 'Only to a tenant with no card on file' },
  { step: 'NO_RESPONSE_ESCALATION', days_overdue: 21, email: true, sms: false, description: 'Only while the case is still "No response yet"' },
  { step: 'WARNING_OF_JUDGEMENT', days_overdue: 35, email: true, sms: true, description: 'Never to a vulnerable tenant or one on the Priority Services Register: a call task for staff instead' },
  { step: 'STAGE_COMMUNICATION', days_overdue: null, email: true, sms: false, description: 'When staff move a case to another stage' },
];

const SIGN_OFF = '\n\nIf you are struggling to pay, reply to this e-mail or call us: we will agree a plan that works for you.\n\nThe Bills Team';

/** The default wording. Placeholders: {{firstName}}, {{amount}}, {{dueDate}}, {{daysOverdue}}, {{payLink}}, {{reason}}, {{stage}}. */
const DEFAULT_TEMPLATES = [
  { step: 'FAILED_PAYMENT', channel: 'SMS', subject: null, body: 'Hi {{firstName}}, your payment of {{amount}} could not be taken ({{reason}}). Please pay here: {{payLink}}' },
  { step: 'BEHIND_ON_PAYMENTS', channel: 'EMAIL', subject: 'You are behind on your bills payments', body: 'Hi {{firstName}},\n\nYour account is {{amount}} behind. The oldest unpaid amount was due on {{dueDate}}.\n\nYou can pay now at {{payLink}}' + SIGN_OFF },
  { step: 'NO_CARD', channel: 'EMAIL', subject: 'Add a card so your bills get paid', body: 'Hi {{firstName}},\n\nYou owe {{amount}} and we have no card on file for you. Add a card or pay the balance at {{payLink}}' + SIGN_OFF },
  { step: 'NO_RESPONSE_ESCALATION', channel: 'EMAIL', subject: 'We have not heard from you about {{amount}}', body: 'Hi {{firstName}},\n\nYour account has been {{amount}} behind for {{daysOverdue}} days and we have not heard from you. Please pay at {{payLink}} or get in touch.' + SIGN_OFF },
  { step: 'WARNING_OF_JUDGEMENT', channel: 'EMAIL', subject: 'Warning: we may go to court for {{amount}}', body: 'Hi {{firstName}},\n\nYou owe {{amount}}, unpaid since {{dueDate}}. If it is not paid or a plan agreed within 14 days, we may apply to the county court for a judgement, which can affect your credit rating.\n\nPay at {{payLink}}' + SIGN_OFF },
  { step: 'WARNING_OF_JUDGEMENT', channel: 'SMS', subject: null, body: 'Hi {{firstName}}, you owe {{amount}}. Unless it is paid or a plan agreed within 14 days we may go to court. Pay: {{payLink}}' },
  { step: 'STAGE_COMMUNICATION', channel: 'EMAIL', subject: 'An update on your account', body: 'Hi {{firstName}},\n\nYour account ({{amount}} owed) is now handled as: {{stage}}. You can pay at {{payLink}}' + SIGN_OFF },
];

/**
 * Credit control as a ladder (issue 19):
 *
 * - `credit_control_steps`: when each automated step goes and by which channel; staff edit the timings.
 * - `message_templates`: the wording of each step per channel, staff-edited.
 * - `credit_control_messages`: every step a case took, with a unique key per contract, step and debt episode
 *   (the case), so a ladder run twice or a worker killed mid-way sends nothing twice; the case's timeline.
 * - `payments.failure_processed_at`: the failed-payment job's mark (and its error, to retry from the back
 *   office). Failures already on record are marked processed, so the upgrade texts nobody about old debts.
 * - `users.priority_services`: the Priority Services Register; such a tenant gets the gentle path.
 * - `credit_control_records.repayment_schedule_id`: the payment plan agreed (DEBT_SCHEDULE_AGREED).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('credit_control_steps', (t) => {
    t.increments('id');
    t.enu('step', [...CREDIT_CONTROL_STEPS]).notNullable().unique();
    t.integer('days_overdue').nullable();
    t.boolean('email').notNullable().defaultTo(false);
    t.boolean('sms').notNullable().defaultTo(false);
    t.boolean('active').notNullable().defaultTo(true);
    t.text('description').nullable();
    timestamps(knex, t);
    t.index(['created_at']);
  });
  await knex.raw(`ALTER TABLE credit_control_steps ADD CONSTRAINT credit_control_steps_days CHECK (
    (step IN ('FAILED_PAYMENT', 'STAGE_COMMUNICATION')) = (days_overdue IS NULL) AND (days_overdue IS NULL OR days_overdue BETWEEN 1 AND 365))`);
  await knex('credit_control_steps').insert(DEFAULT_STEPS);

  await knex.schema.createTable('message_templates', (t) => {
    t.increments('id');
    t.enu('step', [...CREDIT_CONTROL_STEPS]).notNullable();
    t.enu('channel', [...OUTBOX_CHANNELS]).notNullable();
    t.string('subject', 200).nullable();
    t.text('body').notNullable();
    timestamps(knex, t);
    t.unique(['step', 'channel']);
    t.index(['created_at']);
  });
  await knex.raw(`ALTER TABLE message_templates ADD CONSTRAINT message_templates_email_subject CHECK ((channel = 'EMAIL') = (subject IS NOT NULL))`);
  await knex('message_templates').insert(DEFAULT_TEMPLATES);

  await knex.schema.alterTable('credit_control_records', (t) => {
    t.integer('repayment_schedule_id').nullable().references('payment_schedules.id');
  });

  await knex.schema.createTable('credit_control_messages', (t) => {
    t.bigIncrements('id');
    t.integer('group_id').notNullable().references('groups.id');
    t.integer('case_id').notNullable().references('credit_control_records.id');
    t.integer('tenant_contract_id').notNullable().references('tenant_contracts.id');
    t.enu('step', [...CREDIT_CONTROL_STEPS]).notNullable();
    t.enu('channel', [...CREDIT_CONTROL_CHANNELS]).notNullable();
    t.enu('outcome', [...CREDIT_CONTROL_MESSAGE_OUTCOMES]).notNullable();
    t.text('dedupe_key').notNullable().unique();
    t.bigInteger('outbox_message_id').nullable().references('outbox_messages.id');
    t.bigInteger('payment_id').nullable().references('payments.id');
    t.integer('days_overdue').nullable();
    t.integer('debt_pence').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['case_id', 'id']);
    t.index(['group_id', 'created_at']);
    t.index(['group_id', 'step', 'created_at']);
    t.index(['tenant_contract_id']);
  });

  await knex.schema.alterTable('payments', (t) => {
    t.timestamp('failure_processed_at', { useTz: true }).nullable();
    t.text('failure_processing_error').nullable();
  });
  await knex('payments').where({ status: 'FAILED' }).update({ failure_processed_at: knex.fn.now() });
  await knex.raw(`CREATE INDEX payments_failures_to_process ON payments (id) WHERE status = 'FAILED' AND failure_processed_at IS NULL`);

  await knex.schema.alterTable('users', (t) => {
    t.boolean('priority_services').notNullable().defaultTo(false);
  });
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only: write a new migration instead.');
}
