import type { Knex } from '@app/db';
import type { RecordImportKind } from '../../rules';

/**
 * What makes two rows of an import the same record, by kind: a tenant's e-mail, a tariff's name, a supply's
 * MPxN, a contact's type, name and e-mail. The database holds the first three unique (a second one is refused
 * with the field named); contacts have no such key, so the import looks for an existing one itself, and a file
 * sent again after an edit adds no contact twice. Null when the row lacks the values (its own checks refuse it).
 */
export function naturalKey(kind: RecordImportKind, input: Record<string, unknown>): string | null {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : value === undefined || value === null ? '' : String(value));
  switch (kind) {
    case 'TENANTS':
      return text(input.email) || null;
    case 'TARIFFS':
      return text(input.name) || null;
    case 'SUPPLIER_CONTRACTS':
      return text(input.mpxn) || null;
    case 'CONTACTS':
      return text(input.name) ? [text(input.contactType), text(input.name), text(input.email)].join('|') : null;
  }
}

/** A contact of the group with the same type, name and e-mail already exists. */
export async function contactExists(trx: Knex, groupId: number, input: Record<string, unknown>): Promise<boolean> {
  const row = await trx('contacts')
    .where({ group_id: groupId, contact_type: String(input.contactType ?? '') })
    .whereRaw('lower(btrim(name)) = ?', [String(input.name ?? '').trim().toLowerCase()])
    .whereRaw(`lower(btrim(coalesce(email, ''))) = ?`, [String(input.email ?? '').trim().toLowerCase()])
    .first('id');
  return row !== undefined;
}
