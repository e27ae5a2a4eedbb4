import { backoffice, backofficeRead, isAllowed } from '../../auth/access';
import { findResourceSpec } from '../../rules';
import { countJobs } from '../jobs/jobs.service';
import { countRecords, type RecordRequest } from '../records/records.service';
import { DomainError } from '../../errors/domain-error';
import { readSystemCurrentDate } from '../settings/read-current-date.service';
import { financeFigures, type FinanceFigures } from './finance-figures';
import { workTiles, type WorkTile } from './work-tiles';

export interface DashboardTile extends WorkTile {
  count: number;
}

export interface BackOfficeDashboard {
  today: string;
  tiles: DashboardTile[];
  /** Null for a role that reads neither billing nor payments. */
  finance: FinanceFigures | null;
}

/**
 * The signed-in member of staff's day: each count of work their role can open, for the X-Group-ID group,
 * counted through the very list query its tile opens; and the month's money for roles that read it.
 */
export async function backOfficeDashboard(request: RecordRequest): Promise<BackOfficeDashboard> {
  const groupId = request.groupId;
  if (groupId === null) throw DomainError.invalid([{ field: 'X-Group-ID', rule: 'required', message: 'The dashboard is of a group: send the X-Group-ID header' }]);
  const today = await readSystemCurrentDate(request.db);
  const tiles: DashboardTile[] = [];
  for (const tile of workTiles(today)) {
    if (tile.resource === 'Job') {
      if (isAllowed(request.user, backoffice('jobs', 'READ'))) tiles.push({ ...tile, count: (await countJobs(request.db, { filter: tile.filter })).count });
      continue;
    }
    const spec = findResourceSpec(tile.resource);
    if (!spec || !isAllowed(request.user, backofficeRead(spec.area, spec.readAlsoWith))) continue;
    tiles.push({ ...tile, count: (await countRecords(request, spec, { filter: tile.filter })).count });
  }
  const readsMoney = isAllowed(request.user, backoffice('billing', 'READ')) && isAllowed(request.user, backoffice('payments', 'READ'));
  return { today, tiles, finance: readsMoney ? await financeFigures(request.db, groupId, today) : null };
}
