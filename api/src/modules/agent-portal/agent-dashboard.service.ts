import type { Knex } from '@app/db';
import { addDaysIso } from './dates';
import type { AgentScope } from './agent-scope.service';

/** Billing statuses that mean the house's bill is stuck on something the agent may help with. */
export const BILLING_ISSUES = ['BALANCE_ISSUE', 'DISPUTE', 'METER_ISSUE', 'READ_ISSUE', 'READ_NEEDED', 'SUPPLY_ISSUE', 'WATER_BILL_NEEDED'] as const;
/** A house with a current contract and an active meter whose last reading is older than this is due a reading. */
export const READING_DUE_DAYS = 90;
const SOON_DAYS = 60;
const LIST_LIMIT = 20;

const address = `concat_ws(', ', h.street_name, h.city_name, h.post_code)`;

/**
 * The selected agency's portfolio at a glance: houses by status and current contracts by agency house
 * contract status; contracts starting and ending in the next 60 days; houses due a meter reading or with a
 * billing issue; tenants still to sign per house (names only, never balances); and what needs doing.
 * Each list is capped and says how many there are in all.
 */
export async function readAgentDashboard(db: Knex, scope: AgentScope, today: string) {
  const ids = scope.agencyIds;
  const soon = addDaysIso(today, SOON_DAYS);
  const dueSince = addDaysIso(today, -READING_DUE_DAYS);
  const current = (q: Knex.QueryBuilder) => q.where('c.sign_up_date', '<=', today).where('c.end_date', '>=', today).whereNot('c.status', 'CLOSED');
  const houses = () => db('houses as h').whereIn('h.agency_id', ids);
  const contracts = () => db('house_contracts as c').join('houses as h', 'h.id', 'c.house_id').whereIn('h.agency_id', ids);
  // One query per list: its first rows and, on each row, how many there are in all (0 rows: none in all).
  const capped = async (query: Knex.QueryBuilder, order: string) => {
    const rows: Array<Record<string, unknown> & { total: number }> = await query.select(db.raw('count(*) over ()::int as total')).orderByRaw(order).limit(LIST_LIMIT);
    return { total: rows[0]?.total ?? 0, nodes: rows.map(({ total: _total, ...row }) => row) };
  };

  const [byStatus, byAgencyStatus, starting, ending, readingsDue, billingIssues, toSign] = await Promise.all([
    houses().groupBy('h.status').select('h.status as key', db.raw('count(*)::int as count')),
    current(contracts()).groupBy('c.agency_house_contract_status').select('c.agency_house_contract_status as key', db.raw('count(*)::int as count')),
    capped(contracts().whereBetween('c.sign_up_date', [today, soon]).whereNot('c.status', 'CLOSED').select('c.id', 'h.id as houseId', db.raw(`${address} as address`), 'c.sign_up_date as date'), 'c.sign_up_date, c.id'),
    capped(contracts().whereBetween('c.end_date', [today, soon]).whereNot('c.status', 'CLOSED').select('c.id', 'h.id as houseId', db.raw(`${address} as address`), 'c.end_date as date'), 'c.end_date, c.id'),
    capped(
      current(contracts())
        .whereExists((q) => q.select(db.raw('1')).from('meters as m').whereRaw('m.house_id = h.id').where('m.is_active', true))
        .whereNotExists((q) =>
          q.select(db.raw('1')).from('meter_readings as r').whereRaw('r.house_id = h.id').where('r.reading_date', '>=', dueSince).whereNotIn('r.status', ['DECLINED', 'REJECTED', 'ARCHIVED']),
        )
        .select('c.id', 'h.id as houseId', db.raw(`${address} as address`), db.raw(`(SELECT max(r.reading_date) FROM meter_readings r WHERE r.house_id = h.id AND r.status NOT IN ('DECLINED','REJECTED','ARCHIVED')) as "lastReadingDate"`)),
      'h.street_name, h.id',
    ),
    capped(current(contracts()).whereIn('c.billing_status', BILLING_ISSUES).select('c.id', 'h.id as houseId', db.raw(`${address} as address`), 'c.billing_status as billingStatus'), 'h.street_name, h.id'),
    db('tenant_contracts as t')
      .join('house_contracts as c', 'c.id', 't.house_contract_id')
      .join('houses as h', 'h.id', 'c.house_id')
      .join('users as u', 'u.id', 't.user_id')
      .whereIn('h.agency_id', ids)
      .where('t.status', 'PENDING')
      .whereNot('c.status', 'CLOSED')
      .where('c.end_date', '>=', today)
      .orderBy(['h.street_name', 'h.id', 'u.last_name'])
      .limit(200)
      .select('h.id as houseId', db.raw(`${address} as address`), db.raw(`concat_ws(' ', u.first_name, u.last_name) as name`)),
  ]);

  const tenantsToSign = new Map<number, { houseId: number; address: string; names: string[] }>();
  for (const row of toSign as Array<{ houseId: number; address: string; name: string }>) {
    const entry = tenantsToSign.get(row.houseId) ?? { houseId: row.houseId, address: row.address, names: [] };
    entry.names.push(row.name);
    tenantsToSign.set(row.houseId, entry);
  }
  const signing = [...tenantsToSign.values()];
  const actions = [
    ...(readingsDue.nodes as Array<{ houseId: number; address: string }>).map((row) => ({ kind: 'READING_DUE', houseId: row.houseId, text: `Send a meter reading for ${row.address}` })),
    ...signing.map((row) => ({ kind: 'TENANTS_TO_SIGN', houseId: row.houseId, text: `${row.names.length} tenant${row.names.length === 1 ? '' : 's'} still to sign at ${row.address}` })),
    ...(billingIssues.nodes as Array<{ houseId: number; address: string; billingStatus: string }>).map((row) => ({
      kind: 'BILLING_ISSUE',
      houseId: row.houseId,
      text: `Billing issue (${row.billingStatus.replace(/_/g, ' ').toLowerCase()}) at ${row.address}`,
    })),
  ];
  return {
    agencyId: scope.agency.id,
    agencyName: scope.agency.name,
    canEdit: scope.canEdit,
    housesByStatus: byStatus,
    contractsByAgencyStatus: (byAgencyStatus as Array<{ key: string | null; count: number }>).map((row) => ({ key: row.key ?? 'NOT_SET', count: row.count })),
    contractsStarting: starting,
    contractsEnding: ending,
    readingsDue,
    billingIssues,
    tenantsToSign: signing,
    actions,
  };
}
