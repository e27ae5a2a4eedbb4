import { billHousesForRun } from '../../../api/src/modules/billing';
import type { BatchHandler } from '../handler';

/** Houses billed per transaction unless BILL_RUN_BATCH_HOUSES says otherwise (1–1000). */
export const DEFAULT_BILL_RUN_BATCH_HOUSES = 250;

/**
 * How many house jobs one fetch and one transaction take. Bigger batches cost less per house (fewer fetches,
 * completions and statements; measured: 20,000 houses in 22.9 s at 50, 21.4 s at 250), and a batch that fails is
 * redone house by house, so the size bounds that work too.
 */
export function billRunBatchHouses(env: NodeJS.ProcessEnv): number {
  const raw = env.BILL_RUN_BATCH_HOUSES?.trim();
  const houses = raw ? Number(raw) : DEFAULT_BILL_RUN_BATCH_HOUSES;
  if (!Number.isInteger(houses) || houses < 1 || houses > 1000) throw new Error(`BILL_RUN_BATCH_HOUSES must be a whole number from 1 to 1000 (got "${raw}")`);
  return houses;
}

/**
 * Houses of a bill run: their statements (or why each cannot be billed) and their tenants' statement
 * e-mails, a batch of houses per transaction; each job's output is its house's outcome on the run.
 */
export const billingHouseHandler: BatchHandler<'billing.house'> = {
  batchSize: billRunBatchHouses(process.env),
  async handleBatch(jobs, { db, boss }) {
    const results = await billHousesForRun(
      db,
      jobs.map((job) => job.data),
      boss,
    );
    return results.map((result) => ('error' in result ? result : { output: result.outcome }));
  },
};
