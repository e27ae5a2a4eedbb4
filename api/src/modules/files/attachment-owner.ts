import type { Knex } from '@app/db';
import { backoffice, backofficeRead, isAllowed } from '../../auth/access';
import type { AuthUser } from '../../auth/auth-user';
import { DomainError } from '../../errors/domain-error';
import { ATTACHMENT_OWNERS, isRecordId, resourceSpec, type AttachmentOwner } from '../../rules';
import { partnerScopeOf, requireGroup, scopedQuery } from '../records/record-scope';

export interface AttachmentCaller {
  db: Knex;
  user: AuthUser;
  /** The X-Group-ID group the request names (null when it names none). */
  groupId: number | null;
}

/**
 * The record a file is attached to, found exactly as its own screens find it: READ (or WRITE to add a file) on
 * the record's area, the request's group, and for partner staff only their own visits. A record outside that
 * is not found, whether or not it exists elsewhere, so ids of another group or partner tell nothing.
 */
export async function findAttachmentOwner(db: Knex, caller: AttachmentCaller, owner: AttachmentOwner, id: unknown, level: 'READ' | 'WRITE', groupId = caller.groupId): Promise<{ id: number; groupId: number }> {
  const spec = resourceSpec(ATTACHMENT_OWNERS[owner].resource);
  const access = level === 'READ' ? backofficeRead(spec.area, spec.readAlsoWith ?? []) : backoffice(spec.area, 'WRITE', spec.writeKey);
  const group = requireGroup(spec, groupId);
  const notFound = new DomainError('NOT_FOUND', `${spec.label}: no record ${String(id)}`, { fields: [{ field: ATTACHMENT_OWNERS[owner].idParam, rule: 'exists', message: 'not found' }] });
  if (id === undefined || id === null || id === '') {
    throw DomainError.invalid([{ field: ATTACHMENT_OWNERS[owner].idParam, rule: 'required', message: `Name the ${spec.label.toLowerCase().replace(/s$/, '')} the file belongs to` }]);
  }
  if (!isAllowed(caller.user, access) || !isRecordId(id)) throw notFound;
  const found = await scopedQuery(db, spec, { groupId: group, partnerId: partnerScopeOf(caller.user) }).where(`${spec.table}.id`, Number(id)).first(`${spec.table}.id`);
  if (!found) throw notFound;
  return { id: Number(id), groupId: group };
}
