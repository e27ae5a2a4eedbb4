import type { Knex } from '@app/db';
import { recordChange } from '../../audit/record-change';
import { DomainError, type FieldError } from '../../errors/domain-error';
import { hexColour } from '../../rules';
import { fileStorage, storeUpload, type AttachedFile, type FileStorage } from '../files';
import type { OperatorCaller } from './operator.service';

const FIELDS = { displayName: 'display_name', primaryColour: 'primary_colour', secondaryColour: 'secondary_colour', logoUploadId: 'logo_upload_id', supportEmail: 'support_email' } as const;

const view = (row: Record<string, unknown>) => ({
  id: row.id ?? null,
  groupId: row.group_id,
  displayName: row.display_name,
  primaryColour: row.primary_colour ?? null,
  secondaryColour: row.secondary_colour ?? null,
  logoUploadId: row.logo_upload_id ?? null,
  supportEmail: row.support_email ?? null,
});

async function groupOf(db: Knex, groupIdText: string): Promise<{ id: number; name: string }> {
  const group = /^\d{1,9}$/.test(groupIdText) ? await db('groups').where({ id: Number(groupIdText) }).first('id', 'name') : undefined;
  if (!group) throw new DomainError('NOT_FOUND', `No group ${groupIdText}`);
  return group;
}

/** `GET /api/v2/admin/entity-configuration/{groupId}`: what the System area's form shows (the group's name until first edited). */
export async function readEntityConfiguration(db: Knex, groupIdText: string) {
  const group = await groupOf(db, groupIdText);
  const row = await db('entity_configurations').where({ group_id: group.id }).first();
  return view(row ?? { group_id: group.id, display_name: group.name });
}

/**
 * `PATCH /api/v2/admin/entity-configuration/{groupId}`: a group's name shown to customers, brand colours, logo
 * (an ENTITY_CONFIGURATION_ASSET upload of that group) and support address; made on first edit, audited.
 */
export async function patchEntityConfiguration(caller: OperatorCaller, groupIdText: string, input: Record<string, unknown>) {
  const group = await groupOf(caller.db, groupIdText);
  const errors: FieldError[] = [];
  const unknown = Object.keys(input).filter((key) => !(key in FIELDS));
  if (unknown.length) errors.push({ field: unknown[0]!, rule: 'unknown', message: `Unknown field: ${unknown.join(', ')}` });
  if ('displayName' in input && (typeof input.displayName !== 'string' || !input.displayName.trim() || input.displayName.length > 200)) errors.push({ field: 'displayName', rule: 'required', message: 'Enter a name of at most 200 characters' });
  for (const field of ['primaryColour', 'secondaryColour'] as const) {
    const problem = field in input && input[field] !== null ? hexColour(input[field]) : null;
    if (problem) errors.push({ field, rule: 'hexColour', message: problem });
  }
  if ('supportEmail' in input && input.supportEmail !== null && !(typeof input.supportEmail === 'string' && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.supportEmail) && input.supportEmail.length <= 320)) errors.push({ field: 'supportEmail', rule: 'email', message: 'Enter a valid e-mail address' });
  if ('logoUploadId' in input && input.logoUploadId !== null) {
    const logo = /^\d{1,9}$/.test(String(input.logoUploadId)) ? await caller.db('uploads').where({ id: Number(input.logoUploadId), group_id: group.id, resource_type: 'ENTITY_CONFIGURATION_ASSET' }).first('id') : undefined;
    if (!logo) errors.push({ field: 'logoUploadId', rule: 'exists', message: 'Logo not found: upload it to this group first' });
  }
  if (errors.length) throw DomainError.invalid(errors);
  const values = Object.fromEntries(Object.entries(input).map(([key, value]) => [FIELDS[key as keyof typeof FIELDS], key === 'logoUploadId' && value !== null ? Number(value) : value]));
  return caller.db.transaction((trx: Knex) => writeConfiguration(trx, group, values, caller.userId));
}

/** Writes the group's configuration (made on its first edit) with the row locked, audited. */
async function writeConfiguration(trx: Knex, group: { id: number; name: string }, values: Record<string, unknown>, actorUserId: number) {
  const before = await trx('entity_configurations').where({ group_id: group.id }).forUpdate().first();
  const [row] = before
    ? await trx('entity_configurations').where({ id: before.id }).update({ ...values, updated_at: trx.fn.now() }).returning('*')
    : await trx('entity_configurations').insert({ group_id: group.id, display_name: group.name, ...values }).returning('*');
  await recordChange(trx, { action: before ? 'UPDATE' : 'INSERT', entity: 'entity_configurations', entityId: row.id, actorUserId, before: before ?? null, after: row });
  return view(row);
}

/** The first bytes of the logo types. */
const MAGIC: Record<string, Buffer> = { 'image/png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'image/jpeg': Buffer.from([0xff, 0xd8, 0xff]) };

/**
 * `POST /api/v2/admin/entity-configuration/{groupId}/logo`, the image itself as the body (PNG or JPEG, at most
 * 2 MB, its name in X-File-Name): stored as the group's ENTITY_CONFIGURATION_ASSET upload and made its logo in one
 * transaction, so the next statement draws it; a refused file is a field error on `file` and changes nothing.
 */
export async function uploadBrandLogo(caller: OperatorCaller, groupIdText: string, file: AttachedFile, storage: FileStorage = fileStorage()) {
  const group = await groupOf(caller.db, groupIdText);
  // The declared type must be what the bytes are: a logo the PDF cannot read would silently not be drawn.
  const kind = file.contentType.split(';')[0]!.trim().toLowerCase();
  if (file.data.length && MAGIC[kind] && !file.data.subarray(0, MAGIC[kind].length).equals(MAGIC[kind])) {
    throw DomainError.invalid([{ field: 'file', rule: 'image', message: `The file is not a ${kind === 'image/png' ? 'PNG' : 'JPEG'} image` }]);
  }
  return caller.db.transaction(async (trx: Knex) => {
    const stored = await storeUpload(trx, { groupId: group.id, resourceType: 'ENTITY_CONFIGURATION_ASSET', fileName: file.fileName, contentType: file.contentType, data: file.data, uploadedByUserId: caller.userId }, storage);
    return writeConfiguration(trx, group, { logo_upload_id: stored.id }, caller.userId);
  });
}
