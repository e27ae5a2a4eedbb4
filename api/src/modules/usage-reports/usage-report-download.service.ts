import fs from 'node:fs';
import { Agency, type Knex } from '@app/db';
import { assertAllowed, backoffice } from '../../auth/access';
import type { AuthUser } from '../../auth/auth-user';
import { DomainError } from '../../errors/domain-error';
import type { ExportDownload } from '../exports/exports.service';
import { toUsageReportView, uploadFilePath, usageReports, type UsageReportView } from './usage-report-files';
import { usageReportStatus } from './request-usage-report.service';

/** The agent works for this agency and the agency may use the agent portal. */
async function isAgentOf(db: Knex, userId: number, agencyId: number | null): Promise<boolean> {
  if (agencyId === null) return false;
  const link = await Agency.query(db)
    .joinRelated('agents')
    .where('agents.id', userId)
    .where('agencies.id', agencyId)
    .where('agencies.is_active', true)
    .whereNot('agencies.portal_permissions', 'NO_ACCESS')
    .first();
  return Boolean(link);
}

/**
 * A READY usage report, for a download link (`?jwt=` read like the Bearer header, by the REST layer). Staff
 * need READ on usage reports, agents belong to the report's agency; anyone else is refused, as is a report still in progress or failed.
 */
export async function openUsageReportDownload(db: Knex, user: AuthUser, id: string): Promise<ExportDownload> {
  if (user.role !== 'agent') {
    try {
      assertAllowed(user, backoffice('usageReports', 'READ'));
    } catch (error) {
      throw new DomainError('FORBIDDEN', `${(error as Error).message}: downloading a usage report needs READ on usageReports`);
    }
  }
  const row = /^\d{1,9}$/.test(id) ? await usageReports(db).where({ id: Number(id) }).first() : undefined;
  // An agent downloads only their own agency's reports; any other is "not found", as if it did not exist.
  if (!row || (user.role === 'agent' && !(await isAgentOf(db, user.id, row.agency_id)))) throw new DomainError('NOT_FOUND', `No usage report ${id}`);
  if (row.status === 'FAILED') throw new DomainError('CONFLICT', `Usage report ${id} failed: ${row.error ?? 'usage report error'}: ask for it again`);
  if (row.status !== 'READY') throw new DomainError('CONFLICT', `Usage report ${id} is not ready yet (${row.status}, ${toUsageReportView(row).progress}%)`);
  const path = uploadFilePath(row.storage_key);
  if (!fs.existsSync(path)) throw new DomainError('NOT_FOUND', `Usage report ${id}: the file is no longer there: ask for it again`);
  return { path, fileName: row.file_name, contentType: row.content_type, bytes: Number(row.size_bytes) };
}

/**
 * A usage report's status for whoever may download it (GET /api/v2/usage-reports/:id, the long-poll the back
 * office's button and the agent portal follow): staff with READ on usage reports, of the X-Group-ID group;
 * an agent, of their own agency. Anything else is "not found".
 */
export async function followUsageReport(db: Knex, user: AuthUser, groupId: number | null, id: string): Promise<UsageReportView> {
  if (user.role !== 'agent') {
    try {
      assertAllowed(user, backoffice('usageReports', 'READ'));
    } catch (error) {
      throw new DomainError('FORBIDDEN', `${(error as Error).message}: following a usage report needs READ on usageReports`);
    }
    return usageReportStatus(db, groupId, id);
  }
  const row = /^\d{1,9}$/.test(id) ? await usageReports(db).where({ id: Number(id) }).first() : undefined;
  if (!row || !(await isAgentOf(db, user.id, row.agency_id))) throw new DomainError('NOT_FOUND', `No usage report ${id}`);
  return toUsageReportView(row);
}
