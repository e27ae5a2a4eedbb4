import { AgencyReferralLink, House, type Agency, type Knex } from '@app/db';
import { DomainError } from '../../errors/domain-error';
import { PLAN_TYPES, labelFor } from '../../rules';
import { readEnabledFeatures } from '../settings/read-system-settings.service';
import { quotePlans, type PublicQuote, type PublicQuoteInput } from '../quotes/public-quote.service';
import type { AgentScope } from './agent-scope.service';

/*
 * The agent portal's Bills package page: the plans the agency can offer its tenants, each priced for an
 * example house near the agency, how many of its houses are on each now, and the agency's own quote link —
 * a tenant who gets a quote through it sees "in partnership with" the agency in the site's header.
 */

/** The house each package is priced for: the quote page's own starting point (four sharing, four services). */
export const EXAMPLE_HOUSE: Omit<PublicQuoteInput, 'postcode'> = { numberOfTenants: 4, bedrooms: 4, services: ['electric', 'gas', 'water', 'broadband'], broadbandSpeed: '400' };

/** As the quote page shows them side by side. */
const PACKAGE_ORDER = ['GREENSAVER', 'LITE', 'UNLIMITED'] as const;

export interface AgentBillPackage {
  planType: string;
  name: string;
  /** The example house's price per tenant; null when the agency's postcode cannot be priced online. */
  weeklyPerTenantPence: number | null;
  monthlyPerTenantPence: number | null;
  /** The example house's yearly energy allowance (kWh, electricity and gas together); null: no cap. */
  allowanceKwh: number | null;
  /** The agency's houses (branches too) whose current contract is on this plan. */
  currentHouses: number;
}

/** "Hyde Park Lettings (Leeds)" → "hyde-park-lettings-leeds": what the site's referral links accept. */
export function slugOf(name: string): string {
  const slug = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || 'agency';
}

/**
 * The agency's referral link, made the first time its Bills package page is opened: its name as a slug, or
 * with the agency's id after it when another link has that slug. Safe when two agents open the page at once
 * (the agency has at most one link: the second insert does nothing and both read the same row).
 */
export async function agencyReferralLink(db: Knex, agency: Agency): Promise<AgencyReferralLink> {
  const existing = await AgencyReferralLink.query(db).findOne({ agency_id: agency.id });
  if (existing) return existing;
  const wanted = slugOf(agency.name);
  const taken = await AgencyReferralLink.query(db).findOne({ slug: wanted });
  const slug = taken ? `${wanted.slice(0, 80)}-${agency.id}` : wanted;
  await AgencyReferralLink.query(db)
    .insert({ slug, companyName: agency.name, agencyId: agency.id, active: true })
    .onConflict()
    .ignore();
  const made = await AgencyReferralLink.query(db).findOne({ agency_id: agency.id });
  if (!made) throw new DomainError('CONFLICT', 'The agency’s quote link could not be made: please try again');
  return made;
}

/** How many of the agency's houses are on each plan today (the contract covering today, not closed). */
async function housesByPlan(db: Knex, scope: AgentScope, today: string): Promise<Map<string, number>> {
  const rows = (await House.query(db)
    .whereIn('houses.agency_id', scope.agencyIds)
    .join('house_contracts as hc', 'hc.house_id', 'houses.id')
    .where('hc.billing_type', 'PLAN')
    .whereNot('hc.status', 'CLOSED')
    .where('hc.sign_up_date', '<=', today)
    .where('hc.end_date', '>=', today)
    .groupBy('hc.plan_type')
    .select('hc.plan_type')
    .countDistinct('houses.id as count')) as unknown as Array<{ planType: string | null; count: string }>;
  return new Map(rows.map((row) => [row.planType ?? '', Number(row.count)]));
}

/** The example house priced at the agency's postcode, or null when it cannot be (no postcode, no tariffs there, quoting off). */
async function examplePrices(db: Knex, agency: Agency, features: readonly string[], today: string): Promise<PublicQuote | null> {
  if (!agency.postCode) return null;
  try {
    return await quotePlans(db, { ...EXAMPLE_HOUSE, postcode: agency.postCode }, features, today);
  } catch (error) {
    if (error instanceof DomainError) return null;
    throw error;
  }
}

export async function readAgentBillPackages(db: Knex, scope: AgentScope, today: string) {
  const features = await readEnabledFeatures(db);
  const [link, onPlan, quote] = await Promise.all([agencyReferralLink(db, scope.agency), housesByPlan(db, scope, today), examplePrices(db, scope.agency, features, today)]);
  const offered = PACKAGE_ORDER.filter((plan) => plan !== 'UNLIMITED' || features.includes('unlimitedFO'));
  const packages: AgentBillPackage[] = offered.map((planType) => {
    const option = quote?.options.find((candidate) => candidate.planType === planType);
    const allowances = option?.lines.map((line) => line.allowanceKwh).filter((kwh): kwh is number => kwh !== null) ?? [];
    return {
      planType,
      name: labelFor(planType, PLAN_TYPES),
      weeklyPerTenantPence: option?.weeklyPerTenantPence ?? null,
      monthlyPerTenantPence: option?.monthlyPerTenantPence ?? null,
      allowanceKwh: allowances.length ? allowances.reduce((sum, kwh) => sum + kwh, 0) : null,
      currentHouses: onPlan.get(planType) ?? 0,
    };
  });
  return {
    agencyId: scope.agency.id,
    agencyName: scope.agency.name,
    quotePath: `/signup/quote?ref=${link.slug}`,
    examplePostcode: quote ? quote.postcode : null,
    quotingOnline: features.includes('quotingFO'),
    packages,
  };
}
