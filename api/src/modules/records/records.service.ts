import type { Knex } from '@app/db';
import { recordChange } from '../../audit/record-change';
import type { AuthUser } from '../../auth/auth-user';
import { DomainError, type FieldError } from '../../errors/domain-error';
import { applyFilters, applyPage, type ListArgs } from '../../graphql/list-query';
import { findResourceSpec, isRecordId, withPermittedCeilings, type ResourceSpec } from '../../rules';
import { readSystemCurrentDate } from '../settings/read-current-date.service';
import { checkInput } from './check-input';
import { assertHeadOfficeReader } from './head-office-only';
import { translateDatabaseError } from './database-errors';
import { fieldColumns, listSpecOf, toRecord, toRow } from './record-mapping';
import type { RecordRuleContext, RecordValues } from './record-rules';
import { RECORD_RULES } from './rules';
import { isGroupLinked, partnerScopeOf, scopeColumns, scopedQuery, type RecordScope } from './record-scope';

export interface RecordRequest {
  db: Knex;
  user: AuthUser;
  groupId: number | null;
}

const scopeOf = (request: RecordRequest): RecordScope => ({ groupId: request.groupId, partnerId: partnerScopeOf(request.user) });

const notFound = (spec: ResourceSpec, id: unknown) => new DomainError('NOT_FOUND', `${spec.label}: no record ${String(id)}`, { fields: [{ field: 'id', rule: 'exists', message: 'not found' }] });

function assertPageWithinLimit(spec: ResourceSpec, args: ListArgs): void {
  if (!spec.countLimit) return;
  const perPage = args.perPage ?? 25;
  if (Math.max(0, args.page ?? 0) * perPage >= spec.countLimit) {
    throw DomainError.invalid([{ field: 'page', rule: 'countLimit', message: `Lists show at most ${spec.countLimit} records: narrow the filters` }]);
  }
}

export async function listRecords(request: RecordRequest, spec: ResourceSpec, args: ListArgs): Promise<RecordValues[]> {
  assertPageWithinLimit(spec, args);
  await assertHeadOfficeReader(request.db, request.user, spec);
  const list = listSpecOf(spec);
  const page = applyPage(applyFilters(scopedQuery(request.db, spec, scopeOf(request)), list, args.filter), list, args);
  if (!spec.countLimit) return (await page.select(`${spec.table}.*`)).map((row: Record<string, unknown>) => toRecord(spec, row));
  // Large lists find the page's ids on the index alone, then read just those rows (deep pages stay fast).
  const ids: number[] = (await page.select(`${spec.table}.id`)).map((row: { id: number }) => row.id);
  const rows: Array<Record<string, unknown>> = ids.length ? await request.db(spec.table).whereIn('id', ids) : [];
  const byId = new Map(rows.map((row) => [row.id as number, row]));
  return ids.map((id) => toRecord(spec, byId.get(id)!));
}

/** The list's total; on large lists it stops counting at `countLimit`, so no call scans millions of rows. */
export async function countRecords(request: RecordRequest, spec: ResourceSpec, args: ListArgs): Promise<{ count: number }> {
  await assertHeadOfficeReader(request.db, request.user, spec);
  const filtered = applyFilters(scopedQuery(request.db, spec, scopeOf(request)), listSpecOf(spec), args.filter);
  const counted = spec.countLimit
    ? request.db.count({ count: '*' }).from(filtered.select(request.db.raw('1')).limit(spec.countLimit).as('capped'))
    : filtered.count({ count: '*' });
  const [row] = (await counted) as Array<{ count: number | string }>;
  return { count: Number(row?.count ?? 0) };
}

async function findRecord(db: Knex, spec: ResourceSpec, scope: RecordScope, id: unknown, lock = false): Promise<RecordValues> {
  if (!isRecordId(id)) throw notFound(spec, id);
  const query = scopedQuery(db, spec, scope).where(`${spec.table}.id`, Number(id)).first(`${spec.table}.*`);
  const row = await (lock ? query.forUpdate() : query);
  if (!row) throw notFound(spec, id);
  return toRecord(spec, row);
}

export async function getRecord(request: RecordRequest, spec: ResourceSpec, id: unknown): Promise<RecordValues> {
  await assertHeadOfficeReader(request.db, request.user, spec);
  return findRecord(request.db, spec, scopeOf(request), id);
}

/**
 * Each reference names a record the request may see (same group where both are group-scoped). A reference
 * an update leaves as it was is not checked again: it was checked when written, and a record saved back
 * unchanged must succeed (a shared tariff assignment may name a service of another group).
 */
async function checkReferences(trx: Knex, spec: ResourceSpec, scope: RecordScope, values: RecordValues, existing: RecordValues | null): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  for (const [name, field] of Object.entries(spec.fields)) {
    if (field.kind !== 'ref' || values[name] === null || values[name] === undefined || field.readOnly) continue;
    if (existing && String(existing[name]) === String(values[name])) continue;
    const target = findResourceSpec(field.ref ?? '');
    if (!target) continue; // a reference to a screen outside the catalogue (e.g. back-office users)
    const found = await scopedQuery(trx, target, { ...scope, groupId: target.groupScoped || isGroupLinked(target) ? scope.groupId : null }).where(`${target.table}.id`, values[name] as number).first('id');
    if (!found) errors.push({ field: name, rule: 'reference', message: `${target.label}: no record ${String(values[name])}` });
  }
  return errors;
}

async function ruleContext(request: RecordRequest, trx: Knex, existing: RecordValues | null): Promise<RecordRuleContext> {
  return { trx, user: request.user, groupId: request.groupId, today: await readSystemCurrentDate(trx), existing };
}

async function validateWrite(request: RecordRequest, trx: Knex, spec: ResourceSpec, record: RecordValues, context: RecordRuleContext, checked: FieldError[]) {
  const errors = [...checked];
  if (!errors.length) errors.push(...(await checkReferences(trx, spec, scopeOf(request), record, context.existing)));
  if (!errors.length) errors.push(...((await RECORD_RULES[spec.name]?.validate?.(record, context)) ?? []));
  if (errors.length) throw DomainError.invalid(errors);
}

export async function createRecord(request: RecordRequest, spec: ResourceSpec, input: RecordValues): Promise<RecordValues> {
  const { values, errors } = checkInput(withPermittedCeilings(spec, request.user.permissions?.keys ?? []), input, 'create');
  try {
    return await request.db.transaction(async (trx) => {
      const context = await ruleContext(request, trx, null);
      await validateWrite(request, trx, spec, values, context, errors);
      const derived = { ...values, ...((await RECORD_RULES[spec.name]?.derive?.(values, context)) ?? {}) };
      const row = { ...toRow(spec, derived), ...scopeColumns(spec, scopeOf(request), toRow(spec, derived)) };
      const [inserted] = await trx(spec.table).insert(row).returning('*');
      const record = await afterWrite(trx, spec, toRecord(spec, inserted), context);
      await recordChange(trx, { action: 'INSERT', entity: spec.table, entityId: record.id as number, actorUserId: request.user.id, after: record });
      return record;
    });
  } catch (error) {
    if (error instanceof DomainError) throw error;
    return translateDatabaseError(spec, error);
  }
}

/**
 * Runs the resource's afterWrite rule; when there is one, the row is read again, because what a write sets
 * off may change the record itself (a PAID payment settles with its ledger credit), and the answer and the
 * audit must show what is stored.
 */
async function afterWrite(trx: Knex, spec: ResourceSpec, record: RecordValues, context: RecordRuleContext): Promise<RecordValues> {
  const rule = RECORD_RULES[spec.name]?.afterWrite;
  if (!rule) return record;
  await rule(record, context);
  return toRecord(spec, await trx(spec.table).where({ id: record.id }).first());
}

function assertNotLocked(spec: ResourceSpec, existing: RecordValues): void {
  const lock = spec.lockedWhen;
  if (lock && lock.values.includes(String(existing[lock.field]))) {
    throw new DomainError('CONFLICT', `${spec.label}: an issued record cannot be edited (it is ${String(existing[lock.field])}); void or reverse it instead`, {
      fields: [{ field: lock.field, rule: 'locked', message: 'Issued records cannot be edited' }],
    });
  }
}

export async function updateRecord(request: RecordRequest, spec: ResourceSpec, id: unknown, input: RecordValues): Promise<RecordValues> {
  const { values, errors } = checkInput(withPermittedCeilings(spec, request.user.permissions?.keys ?? []), input, 'update');
  try {
    return await request.db.transaction(async (trx) => {
      const existing = await findRecord(trx, spec, scopeOf(request), id, true);
      assertNotLocked(spec, existing);
      const merged = { ...existing, ...values };
      const context = await ruleContext(request, trx, existing);
      await validateWrite(request, trx, spec, merged, context, errors);
      const hasUpdatedAt = fieldColumns(spec).some(([name]) => name === 'updatedAt');
      const [updated] = await trx(spec.table)
        .where({ id: existing.id })
        .update({ ...toRow(spec, values), ...scopeColumns(spec, scopeOf(request), values, 'update'), ...(hasUpdatedAt ? { updated_at: trx.fn.now() } : {}) })
        .returning('*');
      const record = await afterWrite(trx, spec, toRecord(spec, updated), context);
      await recordChange(trx, { action: 'UPDATE', entity: spec.table, entityId: record.id as number, actorUserId: request.user.id, before: existing, after: record });
      return record;
    });
  } catch (error) {
    if (error instanceof DomainError) throw error;
    return translateDatabaseError(spec, error);
  }
}

export async function deleteRecord(request: RecordRequest, spec: ResourceSpec, id: unknown): Promise<RecordValues> {
  if (spec.delete !== 'hard') throw new DomainError('FORBIDDEN', `${spec.label} are never deleted`);
  try {
    return await request.db.transaction(async (trx) => {
      const existing = await findRecord(trx, spec, scopeOf(request), id, true);
      const errors = (await RECORD_RULES[spec.name]?.beforeDelete?.(existing, await ruleContext(request, trx, existing))) ?? [];
      if (errors.length) throw DomainError.invalid(errors);
      await trx(spec.table).where({ id: existing.id }).delete();
      await recordChange(trx, { action: 'DELETE', entity: spec.table, entityId: existing.id as number, actorUserId: request.user.id, before: existing });
      return existing;
    });
  } catch (error) {
    if (error instanceof DomainError) throw error;
    return translateDatabaseError(spec, error);
  }
}
