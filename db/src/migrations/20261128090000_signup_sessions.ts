import type { Knex } from 'knex';
import { timestamps } from './helpers';

/**
 * A sign-up in progress, kept on the server so the wizard survives a refresh, another device or a step back
 * (issue 15): the flow, the step the visitor is on, what each step answered (the common state holds
 * isNewHouse and houseContractId, null at first), and for staff helping by phone the e-mail and postcode as
 * soon as a step gives them. `token` is the visitor's handle on it (unguessable); `id` is staff's.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('signup_sessions', (t) => {
    t.increments('id');
    t.uuid('token').notNullable().unique().defaultTo(knex.raw('gen_random_uuid()'));
    t.enu('flow', ['SIGNUP', 'ALTERNATE', 'ENERGY_BILL']).notNullable();
    // Every step of the three flows (specification §2.3), written out: a migration does not change with the code.
    t.enu('step', ['initial', 'join', 'quote', 'services', 'tenant-details', 'add-finishing-touches', 'summary', 'login-step', 'add-payment', 'url', 'house', 'deemed', 'tenant', 'finishing-touches', 'housemates', 'confirm', 'payment', 'quotes', 'finish']).notNullable();
    t.jsonb('state').notNullable();
    t.string('email', 254).nullable();
    t.string('postcode', 8).nullable();
    t.string('referral_slug', 100).nullable();
    t.timestamp('completed_at', { useTz: true }).nullable();
    timestamps(knex, t);
    t.index(['updated_at']);
  });
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only: write a new migration instead.');
}
