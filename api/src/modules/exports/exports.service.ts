import { assertHeadOfficeReader } from '../records/head-office-only';
import fs from 'node:fs';
import type { PgBoss } from 'pg-boss';
import type { Knex } from '@app/db';
import { assertAllowed, backofficeRead } from '../../auth/access';
import type { AuthUser } from '../../auth/auth-user';
import { DomainError } from '../../errors/domain-error';
import { enqueue } from '../../jobs/enqueue';
import type { ResourceSpec } from '../../rules';
import { findResourceSpec } from '../../rules';
import { partnerScopeOf } from '../records/record-scope';
import { checkExportRequest, type ExportInput } from './export-request';
import { CONTENT_TYPES, EXPORT_TTL_HOURS, exportFilePath, exportFiles, type ExportFileRow, type ExportFormat } from './export-files';

export interface ExportCaller {
  db: Knex;
  boss: PgBoss;
  user: AuthUser;
  groupId: number | null;
}

/** The list's READ permission: an export shows what the list would. */
function assertMayRead(user: AuthUser, spec: ResourceSpec): void {
  try {
    assertAllowed(user, backofficeRead(spec.area, spec.readAlsoWith));
  } catch (error) {
    throw new DomainError('FORBIDDEN', `${(error as Error).message}: exporting ${spec.label} needs READ on ${spec.area}`);
  }
}

/**
 * Records an export and queues its job in one transaction (a rolled-back request leaves no job), after
 * checking the request and the caller's READ on the list's area. Answers what a 202 carries.
 */
export async function requestExport(caller: ExportCaller, format: ExportFormat, input: ExportInput): Promise<{ id: string; status: string }> {
  // READ first when the resource is known, so a user without it learns nothing about the filter's validity.
  const named = typeof input.resource === 'string' ? findResourceSpec(input.resource) : undefined;
  if (named) assertMayRead(caller.user, named);
  const valid = await checkExportRequest(caller.db, input, format, caller.groupId, partnerScopeOf(caller.user));
  await assertHeadOfficeReader(caller.db, caller.user, valid.spec);
  return caller.db.transaction(async (trx) => {
    const [row] = await exportFiles(trx)
      .insert({
        user_id: caller.user.id,
        group_id: valid.groupId,
        resource: valid.spec.name,
        format,
        file_name: valid.fileName,
        filter: JSON.stringify(valid.filter ?? {}) as never,
        sort_field: valid.sortField ?? null,
        sort_order: valid.sortOrder ?? null,
        fields: valid.fields,
        status: 'PENDING',
        storage_path: 'pending',
        expires_at: trx.raw(`now() + interval '${EXPORT_TTL_HOURS} hours'`) as never,
      })
      .returning(['id', 'status']);
    await exportFiles(trx).where({ id: row!.id }).update({ storage_path: `${row!.id}.${format}` });
    await enqueue(caller.boss, trx, 'exports.run', { exportId: row!.id });
    return { id: row!.id, status: row!.status };
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The caller's own export; another user's is refused (403), an unknown id is 404. */
async function ownExport(db: Knex, user: AuthUser, id: string): Promise<ExportFileRow> {
  const row = UUID.test(id) ? await exportFiles(db).where({ id }).first() : undefined;
  if (!row) throw new DomainError('NOT_FOUND', `No export ${id}`);
  if (row.user_id !== user.id) throw new DomainError('FORBIDDEN', 'This export belongs to another user');
  return row;
}

const expired = (row: ExportFileRow) => row.status === 'EXPIRED' || row.file_deleted_at !== null || row.expires_at.getTime() <= Date.now();

export interface ExportStatusView {
  id: string;
  resource: string;
  format: ExportFormat;
  fileName: string;
  status: string;
  /** 0–100, from the rows written and the list's size counted when the job started. */
  progress: number;
  rowCount: number;
  totalRows: number | null;
  bytes: number;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
  expiresAt: string;
  /** Where to fetch the file (add the token as `jwt`), once it is DONE and until it expires. */
  downloadPath: string | null;
}

export function toStatusView(row: ExportFileRow): ExportStatusView {
  const status = row.status === 'DONE' && expired(row) ? 'EXPIRED' : row.status;
  const progress = row.status === 'DONE' ? 100 : row.total_rows ? Math.min(99, Math.floor((100 * Number(row.row_count)) / Number(row.total_rows))) : 0;
  return {
    id: row.id,
    resource: row.resource,
    format: row.format,
    fileName: row.file_name,
    status,
    progress,
    rowCount: Number(row.row_count),
    totalRows: row.total_rows === null ? null : Number(row.total_rows),
    bytes: Number(row.bytes),
    error: row.error,
    createdAt: row.created_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
    expiresAt: row.expires_at.toISOString(),
    downloadPath: status === 'DONE' ? `/api/v2/exports/${row.id}/download` : null,
  };
}

export async function exportStatus(db: Knex, user: AuthUser, id: string): Promise<ExportStatusView> {
  return toStatusView(await ownExport(db, user, id));
}

export interface ExportDownload {
  path: string;
  fileName: string;
  contentType: string;
  bytes: number;
}

/** A finished, unexpired export of the caller's, still readable by them (READ on its list). */
export async function openExportDownload(db: Knex, user: AuthUser, id: string): Promise<ExportDownload> {
  const row = await ownExport(db, user, id);
  const spec = findResourceSpec(row.resource);
  if (spec) assertMayRead(user, spec);
  if (expired(row)) throw new DomainError('NOT_FOUND', `Export ${id} has expired (files are kept ${EXPORT_TTL_HOURS} hours): export the list again`);
  if (row.status === 'FAILED') throw new DomainError('CONFLICT', `Export ${id} failed: ${row.error ?? 'export error'}`);
  if (row.status !== 'DONE') throw new DomainError('CONFLICT', `Export ${id} is not ready yet (${row.status}, ${toStatusView(row).progress}%)`);
  const path = exportFilePath(row.storage_path);
  if (!fs.existsSync(path)) throw new DomainError('NOT_FOUND', `Export ${id}: the file is no longer there: export the list again`);
  return { path, fileName: row.file_name, contentType: CONTENT_TYPES[row.format], bytes: Number(row.bytes) };
}
