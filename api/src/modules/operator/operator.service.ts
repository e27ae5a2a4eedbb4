import type { PgBoss } from 'pg-boss';
import type { Knex } from '@app/db';
import { recordChange } from '../../audit/record-change';
import { DomainError } from '../../errors/domain-error';
import { runBillingAutomation } from '../billing';
import { HEARTBEAT_SECONDS } from './heartbeat';

export interface OperatorCaller {
  db: Knex;
  boss: PgBoss;
  userId: number;
}

const audit = (caller: OperatorCaller, entity: string, entityId: string | number, after: object) =>
  recordChange(caller.db, { action: 'UPDATE', entity, entityId, actorUserId: caller.userId, after });

/** `trigger-billing`: runs the automated billing now (the same rules as the 05:00 job: at most one a day and period). */
export async function triggerBilling(caller: OperatorCaller) {
  const output = await runBillingAutomation(caller.db, caller.boss);
  await audit(caller, 'operator.trigger_billing', 'billing.automation', output);
  return output;
}

/** `log-processes`: every API and workers process with its pid, host, uptime, memory and last heartbeat; silent ones marked. */
export async function listProcesses(db: Knex) {
  const rows = await db('process_heartbeats').orderBy(['kind', 'host', 'pid']);
  const now = Date.now();
  return rows.map((row: Record<string, unknown>) => {
    const last = new Date(row.last_heartbeat_at as string).getTime();
    return {
      id: row.id,
      kind: row.kind,
      pid: row.pid,
      host: row.host,
      uptimeSeconds: Math.round((now - new Date(row.started_at as string).getTime()) / 1000),
      rssBytes: Number(row.rss_bytes),
      heapUsedBytes: Number(row.heap_used_bytes),
      lastHeartbeatAt: new Date(last).toISOString(),
      alive: now - last < 3 * HEARTBEAT_SECONDS * 1000,
      stopRequestedAt: row.stop_requested_at ? new Date(row.stop_requested_at as string).toISOString() : null,
    };
  });
}

/**
 * `kill-scheduler`: `pause` takes every schedule out of pg-boss (kept in paused_schedules, so a workers
 * process starting meanwhile does not put it back); `resume` puts each back as it was.
 */
export async function setScheduler(caller: OperatorCaller, action: unknown) {
  if (action !== 'pause' && action !== 'resume') throw DomainError.invalid([{ field: 'action', rule: 'oneOf', message: 'Action must be pause or resume' }]);
  if (action === 'pause') {
    const schedules = await caller.boss.getSchedules();
    for (const schedule of schedules) {
      await caller.db('paused_schedules')
        .insert({ name: schedule.name, cron: schedule.cron, timezone: schedule.timezone ?? null, data: JSON.stringify(schedule.data ?? {}), options: JSON.stringify(schedule.options ?? {}), paused_by_user_id: caller.userId })
        .onConflict('name')
        .ignore();
      await caller.boss.unschedule(schedule.name);
    }
  } else {
    const paused: Array<{ name: string; cron: string; timezone: string | null; data: object | null; options: object | null }> = await caller.db('paused_schedules').orderBy('name');
    for (const schedule of paused) {
      await caller.boss.schedule(schedule.name, schedule.cron, schedule.data ?? {}, { ...(schedule.options ?? {}), ...(schedule.timezone ? { tz: schedule.timezone } : {}) });
      await caller.db('paused_schedules').where({ name: schedule.name }).delete();
    }
  }
  const state = await schedulerState(caller);
  await audit(caller, 'operator.scheduler', action, state);
  return state;
}

export async function schedulerState(caller: Pick<OperatorCaller, 'db' | 'boss'>) {
  const active = (await caller.boss.getSchedules()).map((schedule) => schedule.name).sort();
  const paused: string[] = await caller.db('paused_schedules').orderBy('name').pluck('name');
  return { paused: paused.length > 0 && active.length === 0, active, pausedSchedules: paused };
}

/** `kill-server`: asks one API process to drain and stop (its heartbeat sees it within 15 s); its supervisor restarts it. */
export async function requestProcessStop(caller: OperatorCaller, id: unknown) {
  const target = typeof id === 'string' && id.length <= 200 ? await caller.db('process_heartbeats').where({ id, kind: 'api' }).first() : undefined;
  if (!target) throw DomainError.invalid([{ field: 'id', rule: 'exists', message: 'No API process with this id: see log-processes' }]);
  await caller.db('process_heartbeats').where({ id }).update({ stop_requested_at: caller.db.fn.now(), stop_requested_by_user_id: caller.userId });
  await audit(caller, 'operator.kill_server', String(id), { pid: target.pid, host: target.host });
  return { id, pid: target.pid, host: target.host, stopRequested: true };
}

const serviceView = (row: { id: number; name: string; base_url: string; enabled: boolean; settings: unknown }) => ({ id: row.id, name: row.name, baseUrl: row.base_url, enabled: row.enabled, settings: row.settings });

/** The external services named so far (what upsert-external-service wrote), for the System area's list. */
export async function listExternalServices(db: Knex) {
  return (await db('external_services').orderBy('name')).map(serviceView);
}

/** `upsert-external-service`: names a service the product calls, its address, switch and settings. */
export async function upsertExternalService(caller: OperatorCaller, input: { name?: unknown; baseUrl?: unknown; enabled?: unknown; settings?: unknown }) {
  const errors = [];
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (!/^[a-z0-9][a-z0-9_.-]{0,99}$/i.test(name)) errors.push({ field: 'name', rule: 'pattern', message: 'Name: letters, digits, dot, dash or underscore, at most 100' });
  let baseUrl = '';
  try {
    const url = new URL(String(input.baseUrl ?? ''));
    if (!['http:', 'https:'].includes(url.protocol)) throw new Error('scheme');
    baseUrl = url.toString();
  } catch {
    errors.push({ field: 'baseUrl', rule: 'url', message: 'Enter an http or https address' });
  }
  if (input.enabled !== undefined && typeof input.enabled !== 'boolean') errors.push({ field: 'enabled', rule: 'boolean', message: 'Enabled is true or false' });
  if (input.settings !== undefined && (typeof input.settings !== 'object' || input.settings === null || Array.isArray(input.settings))) errors.push({ field: 'settings', rule: 'object', message: 'Settings is an object' });
  if (errors.length) throw DomainError.invalid(errors);
  return caller.db.transaction(async (trx) => {
    const before = await trx('external_services').where({ name }).forUpdate().first();
    const [row] = await trx('external_services')
      .insert({ name, base_url: baseUrl, enabled: input.enabled ?? true, settings: JSON.stringify(input.settings ?? {}) })
      .onConflict('name')
      .merge({ base_url: baseUrl, ...(input.enabled !== undefined ? { enabled: input.enabled } : {}), ...(input.settings !== undefined ? { settings: JSON.stringify(input.settings) } : {}), updated_at: trx.fn.now() })
      .returning('*');
    await recordChange(trx, { action: before ? 'UPDATE' : 'INSERT', entity: 'external_services', entityId: row.id, actorUserId: caller.userId, before: before ?? null, after: row });
    return serviceView(row);
  });
}

/** `chrome-sessions`: the document renders in progress in every live process (the product renders PDFs with pdfkit). */
export async function listRenders(db: Knex) {
  const rows: Array<{ id: string; kind: string; pid: number; host: string; active_renders: Array<{ kind: string; label: string; startedAt: string }> }> = await db('process_heartbeats')
    .where('last_heartbeat_at', '>', db.raw(`now() - interval '${3 * HEARTBEAT_SECONDS} seconds'`))
    .orderBy('id');
  return rows.flatMap((row) => row.active_renders.map((render) => ({ process: row.id, kind: row.kind, pid: row.pid, host: row.host, document: render.kind, label: render.label, startedAt: render.startedAt })));
}
