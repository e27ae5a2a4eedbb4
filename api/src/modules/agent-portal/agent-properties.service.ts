import { House, type Knex } from '@app/db';
import { DomainError, type FieldError } from '../../errors/domain-error';
import { HOUSE_STATUSES, isCalendarDate, INVALID_DATE } from '../../rules';
import type { AgentScope } from './agent-scope.service';

export const PROPERTY_SORTS = { ADDRESS: 'houses.street_name', CITY: 'houses.city_name', STATUS: 'houses.status', CONTRACT_START: 'hc.sign_up_date', CONTRACT_END: 'hc.end_date' } as const;
export type PropertySort = keyof typeof PROPERTY_SORTS;
export const MAX_PER_PAGE = 100;

export interface PropertiesFilter {
  search?: string | null;
  status?: string | null;
  city?: string | null;
  /** Houses whose shown contract starts on or after / on or before these dates (YYYY-MM-DD). */
  contractFrom?: string | null;
  contractTo?: string | null;
  sort?: string | null;
  descending?: boolean | null;
  page?: number | null;
  perPage?: number | null;
}

/**
 * The contract a list row shows for a house: the one covering today, else the next one to start, else the
 * latest that ended (closed contracts are history and never shown as the house's contract).
 */
export function shownContractSql(today: string): [string, string[]] {
  return [
    `LEFT JOIN LATERAL (
       SELECT c.* FROM house_contracts c
       WHERE c.house_id = houses.id AND c.status <> 'CLOSED'
       ORDER BY (c.sign_up_date <= ?::date AND c.end_date >= ?::date) DESC, (c.sign_up_date > ?::date) DESC,
                CASE WHEN c.sign_up_date > ?::date THEN c.sign_up_date END ASC, c.sign_up_date DESC
       LIMIT 1) hc ON true`,
    [today, today, today, today],
  ];
}

function checkFilter(filter: PropertiesFilter) {
  const errors: FieldError[] = [];
  if (filter.status && !(HOUSE_STATUSES as readonly string[]).includes(filter.status)) errors.push({ field: 'status', rule: 'oneOf', message: `Status must be one of ${HOUSE_STATUSES.join(', ')}` });
  for (const field of ['contractFrom', 'contractTo'] as const) {
    if (filter[field] && !isCalendarDate(filter[field])) errors.push({ field, rule: 'validDate', message: INVALID_DATE });
  }
  if (filter.sort && !(filter.sort in PROPERTY_SORTS)) errors.push({ field: 'sort', rule: 'oneOf', message: `Sort by one of ${Object.keys(PROPERTY_SORTS).join(', ')}` });
  if ((filter.search ?? '').length > 100) errors.push({ field: 'search', rule: 'maxLength', message: 'Search for at most 100 characters' });
  if ((filter.city ?? '').length > 100) errors.push({ field: 'city', rule: 'maxLength', message: 'City is at most 100 characters' });
  const page = filter.page ?? 1;
  const perPage = filter.perPage ?? 25;
  if (!Number.isInteger(page) || page < 1 || page > 100_000) errors.push({ field: 'page', rule: 'range', message: 'Page must be a whole number from 1' });
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > MAX_PER_PAGE) errors.push({ field: 'perPage', rule: 'range', message: `Show 1 to ${MAX_PER_PAGE} a page` });
  if (errors.length) throw DomainError.invalid(errors);
  return { page, perPage };
}

/**
 * All properties of the selected agency and its branches: search by address or postcode, filter by house
 * status, city and the shown contract's dates, sort, page. Each row: address, the shown contract, tenants
 * signed of expected, and the contract's services.
 */
export async function listAgentProperties(db: Knex, scope: AgentScope, today: string, filter: PropertiesFilter) {
  const { page, perPage } = checkFilter(filter);
  // The count needs the shown contract only when filtering on its dates.
  const needsContract = Boolean(filter.contractFrom || filter.contractTo);
  const filtered = (withContract: boolean) =>
    House.query(db)
    .whereIn('houses.agency_id', scope.agencyIds)
    .modify((query) => {
      if (withContract) void query.joinRaw(...shownContractSql(today));
      const search = filter.search?.trim();
      if (search) {
        const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        void query.where((q) => q.whereILike('houses.street_name', like).orWhereILike('houses.post_code', like).orWhereILike('houses.address2', like));
      }
      if (filter.status) void query.where('houses.status', filter.status);
      if (filter.city?.trim()) void query.whereRaw('lower(houses.city_name) = lower(?)', [filter.city.trim()]);
      if (filter.contractFrom) void query.where('hc.sign_up_date', '>=', filter.contractFrom);
      if (filter.contractTo) void query.where('hc.sign_up_date', '<=', filter.contractTo);
    });
  const base = filtered(true);
  const column = PROPERTY_SORTS[(filter.sort as PropertySort) ?? 'ADDRESS'] ?? PROPERTY_SORTS.ADDRESS;
  const direction = filter.descending ? 'desc' : 'asc';
  const [countRow, rows] = await Promise.all([
    filtered(needsContract).clearSelect().count('* as count').first() as unknown as Promise<{ count: string }>,
    base
      .clone()
      .select(
        'houses.*',
        'hc.id as contract_id',
        'hc.status as contract_status',
        'hc.sign_up_date as contract_start',
        'hc.end_date as contract_end',
        'hc.billing_type as contract_billing_type',
        'hc.plan_type as contract_plan_type',
        'hc.agency_house_contract_status as contract_agency_status',
        'hc.number_of_tenants as contract_tenants_expected',
        db.raw(`(SELECT count(*) FROM tenant_contracts tc WHERE tc.house_contract_id = hc.id AND tc.status <> 'PENDING')::int AS contract_tenants_signed`),
        db.raw(`(SELECT coalesce(json_agg(json_build_object('utilityType', s.utility_type, 'utilityStatus', s.utility_status) ORDER BY s.utility_type), '[]') FROM services s WHERE s.house_contract_id = hc.id) AS contract_services`),
      )
      .orderByRaw(`${column} ${direction} NULLS LAST, houses.id ${direction}`)
      .limit(perPage)
      .offset((page - 1) * perPage) as unknown as Promise<Array<Record<string, unknown>>>,
  ]);
  return { total: Number(countRow?.count ?? 0), page, perPage, nodes: rows.map(toRow) };
}

function toRow(row: Record<string, unknown>) {
  return {
    id: row.id,
    address: { streetName: row.streetName, address2: row.address2, cityName: row.cityName, county: row.county, postCode: row.postCode },
    status: row.status,
    bedrooms: row.bedrooms,
    currentContract: row.contractId
      ? {
          id: row.contractId,
          status: row.contractStatus,
          signUpDate: row.contractStart,
          endDate: row.contractEnd,
          billingType: row.contractBillingType,
          planType: row.contractPlanType,
          agencyHouseContractStatus: row.contractAgencyStatus,
          tenantsExpected: row.contractTenantsExpected,
          tenantsSigned: row.contractTenantsSigned,
          services: row.contractServices,
        }
      : null,
  };
}
