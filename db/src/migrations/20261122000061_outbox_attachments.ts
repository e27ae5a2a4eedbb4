import type { Knex } from 'knex';

/**
 * E-mail attachments of the outbox (a statement's PDF, …): stored with the message in the same
 * transaction, so the delivery job sends exactly what the business change wrote, however late it runs.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('outbox_attachments', (t) => {
    t.bigIncrements('id');
    t.bigInteger('message_id').notNullable().references('outbox_messages.id').onDelete('CASCADE');
    t.string('filename').notNullable();
    t.string('content_type').notNullable();
    t.binary('content').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['message_id', 'id']);
  });
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only: write a new migration instead.');
}
