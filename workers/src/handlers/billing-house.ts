import { billHousesForRun } from '../../../api/src/modules/billing';
import type { BatchHandler } from '../handler';

/**
 * Houses of a bill run: their statements (or why each cannot be billed) and their tenants' statement
 * e-mails, up to 100 houses per transaction; each job's output is its house's outcome on the run.
 */
export const billingHouseHandler: BatchHandler<'billing.house'> = {
  batchSize: 100,
  async handleBatch(jobs, { db, boss }) {
    const results = await billHousesForRun(
      db,
      jobs.map((job) => job.data),
      boss,
    );
    return results.map((result) => ('error' in result ? result : { output: result.outcome }));
  },
};
