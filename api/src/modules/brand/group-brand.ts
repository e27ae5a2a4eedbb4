import type { Knex } from '@app/db';

/**
 * A group's brand as customers and staff see it: the name on statements, e-mails and the back office, its
 * colour, its logo (an ENTITY_CONFIGURATION_ASSET upload) and the address customers write to. It comes from the
 * group's brand settings (entity_configurations, edited through PATCH /api/v2/admin/entity-configuration/{id}),
 * and where a group has none yet, from the group itself (its name and brand colour).
 */
export interface GroupBrand {
  groupId: number;
  /** The name customers see ("Shared House Bills"). */
  name: string;
  /** The group's own name, as staff call it (the group switcher's). */
  groupName: string;
  /** #rrggbb (or #rgb): the brand's main colour. */
  colour: string;
  supportEmail: string | null;
  /** The logo's file, when one has been uploaded. */
  logo: { uploadId: number; contentType: string; storageKey: string } | null;
}

/** The product's own green (the public site's), for a group with no colour of its own. */
export const DEFAULT_BRAND_COLOUR = '#0f5c4a';

interface BrandRow {
  id: number;
  name: string;
  brand_colour: string | null;
  display_name: string | null;
  primary_colour: string | null;
  support_email: string | null;
  logo_upload_id: number | null;
  logo_content_type: string | null;
  logo_storage_key: string | null;
}

/** The brand of a group, in one query; undefined for a group that does not exist. */
export async function loadGroupBrand(db: Knex, groupId: number): Promise<GroupBrand | undefined> {
  const row: BrandRow | undefined = await db('groups as g')
    .leftJoin('entity_configurations as e', 'e.group_id', 'g.id')
    .leftJoin('uploads as u', 'u.id', 'e.logo_upload_id')
    .where('g.id', groupId)
    .first('g.id', 'g.name', 'g.brand_colour', 'e.display_name', 'e.primary_colour', 'e.support_email', 'e.logo_upload_id', 'u.content_type as logo_content_type', 'u.storage_key as logo_storage_key');
  if (!row) return undefined;
  return {
    groupId: row.id,
    name: row.display_name?.trim() || row.name,
    groupName: row.name,
    colour: row.primary_colour ?? row.brand_colour ?? DEFAULT_BRAND_COLOUR,
    supportEmail: row.support_email,
    logo: row.logo_upload_id && row.logo_storage_key ? { uploadId: row.logo_upload_id, contentType: row.logo_content_type ?? '', storageKey: row.logo_storage_key } : null,
  };
}

/** The brand of a group that must exist (a bill's, a contract's): a missing one is a bug, not a user's mistake. */
export async function groupBrand(db: Knex, groupId: number): Promise<GroupBrand> {
  const brand = await loadGroupBrand(db, groupId);
  if (!brand) throw new Error(`No group ${groupId}`);
  return brand;
}
