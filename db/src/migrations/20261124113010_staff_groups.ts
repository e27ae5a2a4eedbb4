import type { Knex } from 'knex';

/**
 * The groups (brands) a back-office account works for, which X-Group-ID may name (issue 13): every group
 * (`all_groups`, head-office staff, who also see brands added later) or the ones listed. Accounts that existed
 * before worked for every group, so they keep that; a new account gets only what it is given.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.boolean('all_groups').notNullable().defaultTo(false);
  });
  await knex('users').where({ role: 'backoffice' }).update({ all_groups: true });
  await knex.schema.createTable('backoffice_user_groups', (t) => {
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('group_id').notNullable().references('groups.id');
    t.primary(['user_id', 'group_id']);
  });
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only: write a new migration instead.');
}
