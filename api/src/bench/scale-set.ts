import { runMigrations, type Knex } from '@app/db';
import { buildScale, defaultAnchor } from '@app/fixtures/src/scale/build-scale';
import { londonDate } from '../rules';

/** The database the large-data benchmarks share (1M+ meter readings), built once and reused. */
export const SCALE_DATABASE = 'bills_bench_lists';
const HOUSES = Number(process.env.BENCH_LISTS_HOUSES ?? 40_000);
const SEED = 1;

/** Migrates the benchmark database and builds the scale set unless a marker row says it holds it already. */
export async function ensureScaleSet(knex: Knex): Promise<void> {
  await runMigrations(knex);
  const marker = `bench-lists:houses-${HOUSES}:seed-${SEED}`;
  if (await knex('fixture_loads').where({ name: marker }).first()) {
    console.log(`Reusing the scale set in ${SCALE_DATABASE} (${marker})`);
    return;
  }
  const anchor = defaultAnchor(londonDate(new Date()));
  console.log(`Building ${HOUSES} houses in ${SCALE_DATABASE} (seed ${SEED}, anchor ${anchor}) …`);
  const result = await buildScale(knex, { houses: HOUSES, seed: SEED, anchor, log: (line) => console.log(`  ${line}`) });
  console.log(`  built in ${(result.ms / 1000).toFixed(1)} s`);
  await knex('fixture_loads').insert({ name: marker });
}
