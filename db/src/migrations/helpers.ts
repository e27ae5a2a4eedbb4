import type { Knex } from 'knex';

/** created_at and updated_at (UTC instants) on every record table. */
export function timestamps(knex: Knex, t: Knex.CreateTableBuilder | Knex.AlterTableBuilder): void {
  t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
}
