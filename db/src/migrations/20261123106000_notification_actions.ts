import type { Knex } from 'knex';

/**
 * A server notification's actions (specification §3: key, type, title, action; the only action is goToPage
 * with a link and a title), and read_at so the drawer's "unread first" order and a read's audit have a time.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('notifications', (t) => {
    t.jsonb('actions').notNullable().defaultTo('[]');
    t.timestamp('read_at', { useTz: true }).nullable();
  });
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only: write a new migration instead.');
}
