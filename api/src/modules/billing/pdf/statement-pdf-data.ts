import { loadConfig } from '../../../config';
import type { Knex } from '@app/db';
import { brandLogoImage } from '../../brand/brand-logo';
import { groupBrand } from '../../brand/group-brand';
import type { StatementPdfData, StatementPdfLine } from './statement-pdf';

interface BillRow {
  id: number;
  group_id: number;
  kind: string;
  state: string;
  house_contract_id: number | null;
  tenant_contract_id: number | null;
  period_start: string;
  period_end: string;
  issue_date: string;
  due_date: string;
  net_pence: number;
  vat_pence: number;
  total_pence: number;
}

interface LineRow {
  description: string;
  utility_type: string | null;
  register: string | null;
  opening_read: string | null;
  closing_read: string | null;
  estimated: boolean;
  quantity: string | null;
  unit_rate: string | null;
  days: number | null;
  standing_charge: string | null;
  net_pence: number;
  vat_rate_bp: number;
  vat_pence: number;
  total_pence: number;
}

/**
 * The tenant area's pages a statement sends its tenant to (site/src/routes/known-paths.json holds them): Make a
 * payment, to pay by card, and Billing & Payments, where every statement and payment is.
 */
export function tenantAreaLinks(baseUrl: string): { payOnlineUrl: string; accountUrl: string } {
  return { payOnlineUrl: `${baseUrl}/tenant-profile/payments/single-payment`, accountUrl: `${baseUrl}/tenant-profile/payments/info` };
}

export interface LoadedStatement {
  groupId: number;
  data: StatementPdfData;
}

/** Everything a statement's PDF shows, read in five small queries; undefined when there is no such bill. */
export async function loadStatementPdfData(knex: Knex, billId: number): Promise<LoadedStatement | undefined> {
  if (!Number.isSafeInteger(billId) || billId <= 0) return undefined;
  const bill: BillRow | undefined = await knex('bills').where({ id: billId }).first();
  if (!bill) return undefined;
  const brand = await groupBrand(knex, bill.group_id);
  const house: { street_name: string; address2: string | null; city_name: string | null; county: string | null; post_code: string | null } | undefined = bill.house_contract_id
    ? await knex('house_contracts as hc').join('houses as h', 'h.id', 'hc.house_id').where('hc.id', bill.house_contract_id).first('h.street_name', 'h.address2', 'h.city_name', 'h.county', 'h.post_code')
    : undefined;
  const tenant: { first_name: string | null; last_name: string | null; email: string | null } | undefined = bill.tenant_contract_id
    ? await knex('tenant_contracts as tc').join('users as u', 'u.id', 'tc.user_id').where('tc.id', bill.tenant_contract_id).first('u.first_name', 'u.last_name', 'u.email')
    : undefined;
  const lines: LineRow[] = await knex('bill_lines').where({ bill_id: billId }).orderBy('id');

  const houseAddress = house ? [house.address2, house.street_name, house.city_name, house.post_code].filter((part): part is string => Boolean(part && part.trim())) : [];
  const tenantName = tenant ? [tenant.first_name, tenant.last_name].filter(Boolean).join(' ') || tenant.email || 'Tenant' : null;
  const data: StatementPdfData = {
    billId: Number(bill.id),
    kind: bill.kind,
    state: bill.state,
    brandName: brand.name,
    brandColour: brand.colour,
    brandLogo: await brandLogoImage(brand),
    supportEmail: brand.supportEmail,
    ...tenantAreaLinks(loadConfig().baseUrl),
    recipientName: tenantName ?? 'The tenants',
    recipientEmail: tenant?.email ?? null,
    houseAddress,
    periodStart: bill.period_start,
    periodEnd: bill.period_end,
    issueDate: bill.issue_date,
    dueDate: bill.due_date,
    netPence: bill.net_pence,
    vatPence: bill.vat_pence,
    totalPence: bill.total_pence,
    lines: lines.map(
      (line): StatementPdfLine => ({
        description: line.description,
        utility: line.utility_type,
        register: line.register,
        openingRead: line.opening_read === null ? null : String(line.opening_read),
        closingRead: line.closing_read === null ? null : String(line.closing_read),
        estimated: line.estimated,
        quantity: line.quantity === null ? null : String(line.quantity),
        unitRate: line.unit_rate === null ? null : String(line.unit_rate),
        days: line.days,
        standingCharge: line.standing_charge === null ? null : String(line.standing_charge),
        netPence: line.net_pence,
        vatRateBp: line.vat_rate_bp,
        vatPence: line.vat_pence,
        totalPence: line.total_pence,
      }),
    ),
  };
  return { groupId: bill.group_id, data };
}
