import type { Knex } from '@app/db';
import { JOB_TABLE } from './boss-sql';

export interface ThroughputHour {
  hour: string;
  completed: number;
  failed: number;
}

/**
 * Jobs that finished in each of the last 24 hours (the current hour included), every hour present even
 * when empty so the chart's axis is steady. Failed counts terminal failures only: a retried job is not done.
 */
export async function jobThroughput(db: Knex): Promise<ThroughputHour[]> {
  const { rows } = (await db.raw(
    `SELECT h.hour,
            count(j.*) FILTER (WHERE j.state = 'completed')::int AS completed,
            count(j.*) FILTER (WHERE j.state = 'failed')::int AS failed
       FROM generate_series(date_trunc('hour', now()) - interval '23 hours', date_trunc('hour', now()), interval '1 hour') AS h(hour)
       LEFT JOIN ${JOB_TABLE} j
         ON j.completed_on >= h.hour AND j.completed_on < h.hour + interval '1 hour' AND j.state IN ('completed', 'failed')
      GROUP BY h.hour
      ORDER BY h.hour`,
  )) as { rows: Array<{ hour: Date; completed: number; failed: number }> };
  return rows.map((row) => ({ hour: new Date(row.hour).toISOString(), completed: row.completed, failed: row.failed }));
}
