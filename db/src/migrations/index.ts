import type { Knex } from 'knex';
import * as foundation from './20261121000001_foundation';

/** Every migration in order. Append new ones at the end; never edit or remove an applied one. */
export const migrations: Array<[string, Knex.Migration]> = [['20261121000001_foundation', foundation]];
