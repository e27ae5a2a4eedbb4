import fs from 'node:fs';
import type { Knex } from '@app/db';
import { assertAllowed, backoffice } from '../../auth/access';
import type { AuthUser } from '../../auth/auth-user';
import { DomainError } from '../../errors/domain-error';
import type { ExportDownload } from '../exports/exports.service';
import { toUsageReportView, uploadFilePath, usageReports } from './usage-report-files';

/**
 * A READY usage report, for a download link (`?jwt=` read like the Bearer header, by the REST layer). Staff
 * need READ on usage reports; anyone else is refused, as is a report still in progress or failed.
 */
export async function openUsageReportDownload(db: Knex, user: AuthUser, id: string): Promise<ExportDownload> {
  try {
    assertAllowed(user, backoffice('usageReports', 'READ'));
  } catch (error) {
    throw new DomainError('FORBIDDEN', `${(error as Error).message}: downloading a usage report needs READ on usageReports`);
  }
  const row = /^\d{1,9}$/.test(id) ? await usageReports(db).where({ id: Number(id) }).first() : undefined;
  if (!row) throw new DomainError('NOT_FOUND', `No usage report ${id}`);
  if (row.status === 'FAILED') throw new DomainError('CONFLICT', `Usage report ${id} failed: ${row.error ?? 'usage report error'}: ask for it again`);
  if (row.status !== 'READY') throw new DomainError('CONFLICT', `Usage report ${id} is not ready yet (${row.status}, ${toUsageReportView(row).progress}%)`);
  const path = uploadFilePath(row.storage_key);
  if (!fs.existsSync(path)) throw new DomainError('NOT_FOUND', `Usage report ${id}: the file is no longer there: ask for it again`);
  return { path, fileName: row.file_name, contentType: row.content_type, bytes: Number(row.size_bytes) };
}
