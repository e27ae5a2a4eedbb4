import { CUBIC_METRES_PER_IMPERIAL_UNIT, DEFAULT_CALORIFIC_VALUE, GAS_VOLUME_CORRECTION, MEGAJOULES_PER_KWH } from '../../rules/billing/gas';
import type { ExportColumn } from '../exports/export-columns';

/**
 * What a report covers: a group's house contracts live in the period (dates inclusive), optionally one agency's
 * (with its branches, as the agent portal shows an agency's portfolio), optionally only some houses (a page of
 * the agent portal's usage summary).
 */
export interface UsageReportSelection {
  groupId: number;
  periodStart: string;
  periodEnd: string;
  agencyId: number | null;
  houseIds?: readonly number[];
}

/** Reads never used for consumption (as for billing: declined, rejected, archived, disputed, meter issue). */
const UNUSABLE = `('DECLINED', 'REJECTED', 'ARCHIVED', 'DISPUTE', 'METER_ISSUE')`;
/** Metered gas volume to kWh in SQL, the formula of rules/billing/gas.ts at the default calorific value. */
const GAS_KWH = `(c.value - o.value) * CASE WHEN m.rate_type = 'IMPERIAL' THEN ${CUBIC_METRES_PER_IMPERIAL_UNIT} ELSE 1 END * ${GAS_VOLUME_CORRECTION} * ${DEFAULT_CALORIFIC_VALUE} / ${MEGAJOULES_PER_KWH}`;
const isEstimate = (alias: string) => `${alias}.type::text LIKE '%ESTIMATE'`;

/**
 * One row per house contract × meter register (a dual-rate electricity meter has a day and a night row): the
 * house and agency, the meter, the contract's days within the period, the opening read (the latest usable read
 * on or before the first day, else the first one in the period) and the closing read (the latest after it, up to
 * the last day), the consumption in the meter's units and in kWh (electricity as read; gas converted; water has
 * none), whether either read is an estimate, and a note when a read is missing.
 */
export const USAGE_REPORT_COLUMNS: ExportColumn[] = [
  { name: 'houseContractId', kind: 'int', label: 'House contract', sql: 'hc.id' },
  { name: 'houseId', kind: 'int', label: 'House', sql: 'h.id' },
  { name: 'address', kind: 'string', label: 'Address', sql: `concat_ws(', ', h.street_name, h.address2, h.city_name, h.post_code)` },
  { name: 'agency', kind: 'string', label: 'Agency', sql: 'a.name' },
  { name: 'billingType', kind: 'string', label: 'Billing type', sql: 'hc.billing_type::text' },
  { name: 'utility', kind: 'string', label: 'Utility', sql: 'm.utility_type::text' },
  { name: 'meterSerial', kind: 'string', label: 'Meter serial', sql: 'm.serial_number' },
  { name: 'register', kind: 'string', label: 'Register', sql: 'reg.register' },
  { name: 'fromDate', kind: 'date', label: 'From', sql: 'w.from_day' },
  { name: 'toDate', kind: 'date', label: 'To', sql: 'w.to_day' },
  { name: 'openingDate', kind: 'date', label: 'Opening read date', sql: 'o.reading_date' },
  { name: 'openingRead', kind: 'decimal', label: 'Opening read', sql: 'o.value' },
  { name: 'closingDate', kind: 'date', label: 'Closing read date', sql: 'c.reading_date' },
  { name: 'closingRead', kind: 'decimal', label: 'Closing read', sql: 'c.value' },
  { name: 'consumption', kind: 'decimal', label: 'Consumption (meter units)', sql: '(c.value - o.value)' },
  {
    name: 'consumptionKwh',
    kind: 'decimal',
    label: 'Consumption (kWh)',
    sql: `CASE m.utility_type WHEN 'electric' THEN (c.value - o.value) WHEN 'gas' THEN round(${GAS_KWH}, 1) END`,
  },
  { name: 'estimated', kind: 'boolean', label: 'Estimated', sql: `CASE WHEN c.id IS NOT NULL THEN (${isEstimate('o')} OR ${isEstimate('c')}) END` },
  {
    name: 'note',
    kind: 'string',
    label: 'Note',
    sql: `CASE WHEN o.id IS NULL THEN 'No usable read up to the end of the period' WHEN c.id IS NULL THEN 'No closing read after the opening read' END`,
  },
];

/** The report's rows without their reads (the reads are LIMIT 1 lateral joins: they never change the row count). */
function base(selection: UsageReportSelection): { from: string; where: string; bindings: unknown[] } {
  const bindings: unknown[] = [selection.periodStart, selection.periodEnd, selection.groupId, selection.periodEnd, selection.periodStart];
  let where = `WHERE hc.group_id = ? AND hc.sign_up_date <= ? AND hc.end_date >= ? AND hc.status <> 'PENDING'`;
  if (selection.agencyId !== null) {
    where += ` AND coalesce(hc.agency_id, h.agency_id) IN (
      WITH RECURSIVE tree AS (SELECT id FROM agencies WHERE id = ? UNION SELECT child.id FROM agencies child JOIN tree ON child.parent_id = tree.id)
      SELECT id FROM tree)`;
    bindings.push(selection.agencyId);
  }
  if (selection.houseIds) {
    where += ' AND h.id = ANY(?::int[])';
    bindings.push([...selection.houseIds]);
  }
  const from = `FROM house_contracts hc
    JOIN houses h ON h.id = hc.house_id
    LEFT JOIN agencies a ON a.id = coalesce(hc.agency_id, h.agency_id)
    JOIN meters m ON m.house_id = hc.house_id AND m.utility_type IN ('electric', 'gas', 'water')
    CROSS JOIN LATERAL unnest(CASE WHEN m.rate_type = 'DUAL' THEN ARRAY['DAY', 'NIGHT'] ELSE ARRAY['SINGLE'] END) AS reg(register)
    CROSS JOIN LATERAL (SELECT greatest(hc.sign_up_date, ?::date) AS from_day, least(hc.end_date, ?::date) AS to_day) w`;
  return { from, where, bindings };
}

const READ_JOINS = `
    LEFT JOIN LATERAL (
      SELECT r.id, r.reading_date, r.value, r.type FROM meter_readings r
      WHERE r.meter_id = m.id AND r.register::text = reg.register AND r.status::text NOT IN ${UNUSABLE} AND r.reading_date <= w.to_day
      ORDER BY (r.reading_date <= w.from_day) DESC, CASE WHEN r.reading_date <= w.from_day THEN r.reading_date END DESC, r.reading_date, r.id
      LIMIT 1) o ON true
    LEFT JOIN LATERAL (
      SELECT r.id, r.reading_date, r.value, r.type FROM meter_readings r
      WHERE r.meter_id = m.id AND r.register::text = reg.register AND r.status::text NOT IN ${UNUSABLE} AND r.reading_date > o.reading_date AND r.reading_date <= w.to_day
      ORDER BY r.reading_date DESC, r.id DESC
      LIMIT 1) c ON true`;

/** The rows' SQL with `?` placeholders: `select` is the select list (one CSV line, or the columns). */
export function usageReportSql(selection: UsageReportSelection, select: string): { sql: string; bindings: unknown[] } {
  const { from, where, bindings } = base(selection);
  return { sql: `SELECT ${select} ${from} ${READ_JOINS} ${where} ORDER BY a.name NULLS LAST, h.id, hc.id, m.utility_type, m.id, reg.register`, bindings };
}

/** How many rows the report will have, for progress. */
export function usageReportCountSql(selection: UsageReportSelection): { sql: string; bindings: unknown[] } {
  const { from, where, bindings } = base(selection);
  return { sql: `SELECT count(*)::int AS count ${from} ${where}`, bindings };
}
