import { CronExpressionParser } from 'cron-parser';
import type { Knex } from '@app/db';
import type { ListArgs } from '../../graphql/list-query';
import { JOB_TABLE, SCHEDULE_TABLE, scheduleTable } from './boss-sql';
import { filterInMemory, pageInMemory } from './in-memory-list';

export interface JobScheduleRecord {
  id: string;
  queue: string;
  key: string;
  cron: string;
  timezone: string;
  nextRunOn: string | null;
  lastRunState: string | null;
  lastRunOn: string | null;
  lastJobId: string | null;
}

/** The next time the cron fires in its time zone; null for an expression cron-parser cannot read. */
export function nextRun(cron: string, timezone: string, from = new Date()): string | null {
  try {
    return CronExpressionParser.parse(cron, { tz: timezone, currentDate: from }).next().toISOString();
  } catch {
    return null;
  }
}

/**
 * The schedules the workers registered (pg-boss's schedule table is the truth: the workers' list lives in
 * another workspace). The last run is the newest job of the queue, so "Run now" shows up there too.
 */
async function allSchedules(db: Knex): Promise<JobScheduleRecord[]> {
  const rows = (await scheduleTable(db)
    .select('name', 'key', 'cron', 'timezone')
    .select(
      db.raw(`(SELECT row_to_json(j) FROM (SELECT id, state, created_on FROM ${JOB_TABLE} WHERE name = ${SCHEDULE_TABLE}.name ORDER BY created_on DESC LIMIT 1) j) AS last`),
    )) as Array<{ name: string; key: string; cron: string; timezone: string | null; last: { id: string; state: string; created_on: string } | null }>;
  return rows.map((row) => {
    const timezone = row.timezone ?? 'UTC';
    return {
      id: row.key ? `${row.name}:${row.key}` : row.name,
      queue: row.name,
      key: row.key,
      cron: row.cron,
      timezone,
      nextRunOn: nextRun(row.cron, timezone),
      lastRunState: row.last?.state ?? null,
      lastRunOn: row.last ? new Date(row.last.created_on).toISOString() : null,
      lastJobId: row.last?.id ?? null,
    };
  });
}

export async function listJobSchedules(db: Knex, args: ListArgs): Promise<JobScheduleRecord[]> {
  return pageInMemory(filterInMemory(await allSchedules(db), args.filter), args, 'queue');
}

export async function countJobSchedules(db: Knex, args: ListArgs): Promise<{ count: number }> {
  return { count: filterInMemory(await allSchedules(db), args.filter).length };
}

export async function findSchedule(db: Knex, queue: string) {
  return (await scheduleTable(db).where({ name: queue }).first('name', 'data')) as { name: string; data: object | null } | undefined;
}
