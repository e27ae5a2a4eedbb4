import type { Knex } from '@app/db';
import { DomainError } from '../../errors/domain-error';

export const REFERRAL_URL_MAX = 2048;

export interface AgencyReferralInfo {
  referralCompanyName: string;
  slug: string;
}

/**
 * The slugs a URL can carry: the ?ref= (or ?agency=) parameter and each path segment, so both
 * https://…/oakwood-lettings and https://…/signup/quote?ref=oakwood-lettings are referral links.
 */
export function referralSlugCandidates(url: string): string[] {
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://referral.invalid');
  } catch {
    return [];
  }
  const fromQuery = ['ref', 'agency'].map((name) => parsed.searchParams.get(name) ?? '');
  const fromPath = parsed.pathname.split('/').map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return '';
    }
  });
  const slugs = [...fromQuery, ...fromPath].map((slug) => slug.trim().toLowerCase()).filter((slug) => /^[a-z0-9][a-z0-9-]*$/.test(slug));
  return [...new Set(slugs)];
}

/** The agency whose referral link the URL is, or null. A query parameter wins over a path segment. */
export async function findAgencyReferralByUrl(db: Knex, input: { url?: unknown }): Promise<AgencyReferralInfo | null> {
  const url = input.url;
  if (typeof url !== 'string' || url.trim() === '') {
    throw DomainError.invalid([{ field: 'url', rule: 'required', message: 'url is required' }]);
  }
  if (url.length > REFERRAL_URL_MAX) {
    throw DomainError.invalid([{ field: 'url', rule: 'maxLength', message: `url must be at most ${REFERRAL_URL_MAX} characters` }]);
  }
  const candidates = referralSlugCandidates(url);
  if (candidates.length === 0) return null;
  // An agency's own link shows the agency's name as it is today, and nothing once the agency is inactive.
  const rows: Array<{ slug: string; company_name: string }> = await db('agency_referral_links as link')
    .leftJoin('agencies', 'agencies.id', 'link.agency_id')
    .where('link.active', true)
    .where((where) => where.whereNull('link.agency_id').orWhere('agencies.is_active', true))
    .whereIn('link.slug', candidates)
    .select('link.slug', db.raw('coalesce(agencies.name, link.company_name) as company_name'));
  const match = candidates.map((slug) => rows.find((row) => row.slug === slug)).find(Boolean);
  return match ? { referralCompanyName: match.company_name, slug: match.slug } : null;
}
