import type { Knex } from '@app/db';
import { BOSS_SCHEMA } from '../../jobs/boss';

/**
 * pg-boss's job table (partitioned by queue; the parent sees every partition). Read with SQL because
 * getQueue()'s counts come from a cache that may be up to an hour old.
 */
export const jobTable = (db: Knex) => db(`${BOSS_SCHEMA}.job`);
export const scheduleTable = (db: Knex) => db(`${BOSS_SCHEMA}.schedule`);
export const JOB_TABLE = `${BOSS_SCHEMA}.job`;
export const SCHEDULE_TABLE = `${BOSS_SCHEMA}.schedule`;
