import type { Knex } from 'knex';

/**
 * The group an e-mail is sent for and the name it is sent as ("Shared House Bills" <bills@…>): written with
 * the message, so it leaves exactly as queued even if the group's brand changes before delivery.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('outbox_messages', (t) => {
    t.integer('group_id').nullable().references('groups.id');
    t.string('sender_name').nullable();
  });
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only: write a new migration instead.');
}
