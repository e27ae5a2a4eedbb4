import { House, type Knex } from '@app/db';
import { DomainError, type FieldError } from '../../errors/domain-error';
import { addDays, addMonths, daysBetween } from '../../rules';
import { isBlank } from '../../rules/validation/common';
import { PLAN_ENERGY_USE } from '../tenant-area/energy-use.service';
import { checkUsagePeriod, USAGE_REPORT_COLUMNS, usageReportSql } from '../usage-reports';
import type { AgentScope } from './agent-scope.service';

/*
 * The agent portal's Portfolio usage summary: for a page of the agency's houses (branches too), the energy each
 * used in a period against what its plan's allowance covers for those days. The consumption is the usage
 * report's own (its opening and closing reads per contract and meter register, gas converted to kWh), so the
 * summary and the downloadable report never disagree.
 */

export const USAGE_PER_PAGE = 25;
const ENERGY = ['electric', 'gas'] as const;
const columnSql = (name: string) => USAGE_REPORT_COLUMNS.find((column) => column.name === name)!.sql;

export interface PortfolioUsageFilter {
  periodStart?: string | null;
  periodEnd?: string | null;
  page?: number | null;
}

export interface UtilityUsage {
  utilityType: string;
  /** kWh used in the period; null when no meter has two usable reads in it. */
  usedKwh: number | null;
  /** What the capped plan's allowance covers for the contract days in the period; null: no allowance (Unlimited, pay-as-used). */
  allowanceKwh: number | null;
  /** A read used is an estimate. */
  estimated: boolean;
  /** A meter of this utility had no usable pair of reads: the figure leaves part of the period out. */
  incomplete: boolean;
}

interface ReportRow {
  house_id: number;
  contract_id: number;
  billing_type: string;
  plan_type: string | null;
  supply_type: string;
  bedrooms: number;
  utility: string;
  from_day: string;
  to_day: string;
  kwh: string | null;
  estimated: boolean | null;
}

/** The last twelve months to today, unless the agent chose a period. */
function periodOf(filter: PortfolioUsageFilter, today: string) {
  const periodEnd = isBlank(filter.periodEnd) ? today : filter.periodEnd!;
  const periodStart = isBlank(filter.periodStart) ? addDays(addMonths(today, -12), 1) : filter.periodStart!;
  const page = filter.page ?? 1;
  const errors: FieldError[] = [];
  let period: { periodStart: string; periodEnd: string } | null = null;
  try {
    period = checkUsagePeriod({ periodStart, periodEnd });
  } catch (error) {
    if (!(error instanceof DomainError) || !error.details.fields) throw error;
    errors.push(...error.details.fields);
  }
  if (!Number.isInteger(page) || page < 1 || page > 100_000) errors.push({ field: 'page', rule: 'range', message: 'Page must be a whole number from 1' });
  if (errors.length || !period) throw DomainError.invalid(errors);
  return { ...period, page };
}

/** Annual kWh by supply type, utility, energy use and bedrooms (the largest estimate type wins, as in the tenant area). */
async function annualEstimates(db: Knex): Promise<(row: ReportRow, utility: string) => number | null> {
  const rows: Array<{ supply_type: string; utility_type: string; energy_use_type: string; bedrooms: number; kwh_per_year: number }> = await db('usage_estimates')
    .orderBy('estimate_type', 'desc')
    .select('supply_type', 'utility_type', 'energy_use_type', 'bedrooms', 'kwh_per_year');
  const byKey = new Map<string, number>();
  for (const row of rows) {
    const key = `${row.supply_type}|${row.utility_type}|${row.energy_use_type}|${row.bedrooms}`;
    if (!byKey.has(key)) byKey.set(key, row.kwh_per_year);
  }
  return (row, utility) => {
    const energyUse = row.billing_type === 'PLAN' ? PLAN_ENERGY_USE[row.plan_type ?? ''] : undefined;
    if (!energyUse) return null;
    return byKey.get(`${row.supply_type}|${utility}|${energyUse}|${Math.min(Math.max(row.bedrooms, 1), 14)}`) ?? null;
  };
}

/** One house's energy in the period from its report rows: kWh summed over meters and registers, allowance once per contract. */
function usageOf(rows: ReportRow[], annual: (row: ReportRow, utility: string) => number | null): UtilityUsage[] {
  return ENERGY.flatMap((utility) => {
    const ofUtility = rows.filter((row) => row.utility === utility);
    if (!ofUtility.length) return [];
    const read = ofUtility.filter((row) => row.kwh !== null);
    const contracts = new Map(ofUtility.map((row) => [row.contract_id, row]));
    const allowances = [...contracts.values()].map((row) => {
      const perYear = annual(row, utility);
      return perYear === null ? null : (perYear * (daysBetween(row.from_day, row.to_day) + 1)) / 365;
    });
    const capped = allowances.filter((kwh): kwh is number => kwh !== null);
    return [
      {
        utilityType: utility,
        usedKwh: read.length ? Math.round(read.reduce((sum, row) => sum + Number(row.kwh), 0)) : null,
        allowanceKwh: capped.length ? Math.round(capped.reduce((sum, kwh) => sum + kwh, 0)) : null,
        estimated: read.some((row) => row.estimated === true),
        incomplete: read.length < ofUtility.length,
      },
    ];
  });
}

/** The house's contracts in the period, oldest first: how it paid on which days (a plan, then pay-as-used…). */
function contractsOf(rows: ReportRow[]) {
  const byId = new Map(rows.map((row) => [row.contract_id, row]));
  return [...byId.values()]
    .sort((a, b) => (a.from_day < b.from_day ? -1 : 1))
    .map((row) => ({ billingType: row.billing_type, planType: row.billing_type === 'PLAN' ? row.plan_type : null, fromDate: row.from_day, toDate: row.to_day }));
}

export async function readPortfolioUsage(db: Knex, scope: AgentScope, today: string, filter: PortfolioUsageFilter) {
  const { periodStart, periodEnd, page } = periodOf(filter, today);
  // The agency's houses with an electricity or gas meter, a page at a time by address.
  const withEnergyMeters = House.query(db)
    .whereIn('houses.agency_id', scope.agencyIds)
    .whereExists(House.relatedQuery('meters').whereIn('utility_type', [...ENERGY]));
  const [total, houses] = await Promise.all([
    withEnergyMeters.clone().resultSize(),
    withEnergyMeters
      .clone()
      .orderBy('houses.street_name')
      .orderBy('houses.id')
      .limit(USAGE_PER_PAGE)
      .offset((page - 1) * USAGE_PER_PAGE),
  ]);
  const houseIds = houses.map((house) => house.id);
  const select = [
    'h.id AS house_id',
    'hc.id AS contract_id',
    'hc.billing_type::text AS billing_type',
    'hc.plan_type::text AS plan_type',
    'hc.supply_type::text AS supply_type',
    'h.bedrooms',
    'm.utility_type::text AS utility',
    'w.from_day',
    'w.to_day',
    `${columnSql('consumptionKwh')} AS kwh`,
    `${columnSql('estimated')} AS estimated`,
  ].join(', ');
  const { sql, bindings } = usageReportSql({ groupId: scope.agency.groupId, periodStart, periodEnd, agencyId: null, houseIds }, select);
  const [report, annual] = await Promise.all([houseIds.length ? db.raw(sql, bindings as Knex.RawBinding[]) : { rows: [] }, annualEstimates(db)]);
  const rows = (report as { rows: ReportRow[] }).rows;
  return {
    periodStart,
    periodEnd,
    total,
    page,
    perPage: USAGE_PER_PAGE,
    nodes: houses.map((house) => {
      const own = rows.filter((row) => row.house_id === house.id);
      return {
        houseId: house.id,
        address: { streetName: house.streetName, address2: house.address2, cityName: house.cityName, county: house.county, postCode: house.postCode },
        contracts: contractsOf(own),
        utilities: usageOf(own, annual),
      };
    }),
  };
}
