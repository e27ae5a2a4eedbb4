import type { Knex } from '@app/db';
import type { ACCOUNTING_AGGREGATE_TYPES, ACCOUNTING_COMPANY_CODES, ACCOUNTING_TAX_CODES, BILL_KINDS, BILLING_TYPES, UTILITY_TYPES } from '../../rules';
import type { FINANCE_NOMINAL_PURPOSES } from '../../rules/catalogue/finance-codes';

export type TaxCode = (typeof ACCOUNTING_TAX_CODES)[number];
export type AggregateType = (typeof ACCOUNTING_AGGREGATE_TYPES)[number];
export type CompanyCode = (typeof ACCOUNTING_COMPANY_CODES)[number];
export type BillingType = (typeof BILLING_TYPES)[number];
export type UtilityType = (typeof UTILITY_TYPES)[number];
/** What a nominal code is for (finance_nominal_codes.purpose). */
export type NominalPurpose = (typeof FINANCE_NOMINAL_PURPOSES)[number];

/** The statements a sales journal and a STATEMENT accounting export post: the tenant's own bills (house statements are split into these). */
export const POSTED_BILL_KINDS = ['TENANT_STATEMENT', 'FINAL_STATEMENT'] as const satisfies ReadonlyArray<(typeof BILL_KINDS)[number]>;

/** Sage 50's UK tax codes for the VAT rates on bills (basis points): T0 zero-rated, T5 reduced 5%, T1 standard 20%. */
export const TAX_CODE_BY_VAT_BP: Readonly<Record<number, TaxCode>> = { 0: 'T0', 500: 'T5', 2000: 'T1' };
/** Each tax code's rate (basis points): T2 exempt and T9 outside the scope of VAT carry none. */
export const TAX_RATE_BP: Readonly<Record<TaxCode, number>> = { T0: 0, T1: 2000, T2: 0, T5: 500, T9: 0 };

/** The accounting package's customer account of a tenant contract: TC and the id, zero-padded to 8 characters. */
export function accountReference(tenantContractId: number | string): string {
  return `TC${String(tenantContractId).padStart(6, '0')}`;
}

/** A gross amount split into net and tax at a tax code's rate, the tax rounded half-up to the penny. */
export function splitGross(grossPence: number, taxCode: TaxCode): { netPence: number; taxPence: number } {
  const rate = TAX_RATE_BP[taxCode];
  const taxPence = rate === 0 ? 0 : Math.round((grossPence * rate) / (10_000 + rate));
  return { netPence: grossPence - taxPence, taxPence };
}

interface NominalRow {
  purpose: NominalPurpose;
  billing_type: BillingType | null;
  utility_type: UtilityType | null;
  nominal_code: string;
  tax_code: TaxCode;
}

export interface NominalCode {
  nominalCode: string;
  taxCode: TaxCode;
}

export interface CompanyRow {
  companyCode: CompanyCode;
  departmentCode: number;
}

/**
 * The codes of finance_nominal_codes and finance_company_codes, read once per operation. A nominal code is the
 * most specific row of its purpose: billing type and utility, then billing type, then the purpose's default.
 */
export class FinanceCodes {
  private constructor(
    private readonly nominals: NominalRow[],
    private readonly companies: Map<AggregateType, CompanyRow>,
  ) {}

  static async load(db: Knex): Promise<FinanceCodes> {
    const [nominals, companies] = await Promise.all([
      db<NominalRow>('finance_nominal_codes').select('purpose', 'billing_type', 'utility_type', 'nominal_code', 'tax_code'),
      db('finance_company_codes').select('aggregate_type', 'company_code', 'department_code'),
    ]);
    const byAggregate = new Map<AggregateType, CompanyRow>();
    for (const row of companies as Array<{ aggregate_type: AggregateType; company_code: CompanyCode; department_code: number }>) {
      byAggregate.set(row.aggregate_type, { companyCode: row.company_code, departmentCode: Number(row.department_code) });
    }
    return new FinanceCodes(nominals, byAggregate);
  }

  nominal(purpose: NominalPurpose, billingType: BillingType | null, utilityType: UtilityType | null): NominalCode {
    const candidates = [
      this.nominals.find((row) => row.purpose === purpose && billingType !== null && utilityType !== null && row.billing_type === billingType && row.utility_type === utilityType),
      this.nominals.find((row) => row.purpose === purpose && billingType !== null && row.billing_type === billingType && row.utility_type === null),
      this.nominals.find((row) => row.purpose === purpose && row.billing_type === null && row.utility_type === null),
    ];
    const row = candidates.find((candidate) => candidate !== undefined);
    if (!row) throw new Error(`finance_nominal_codes has no default row for ${purpose}`);
    return { nominalCode: row.nominal_code, taxCode: row.tax_code };
  }

  company(aggregate: AggregateType): CompanyRow {
    const row = this.companies.get(aggregate) ?? this.companies.get('OTHER');
    if (!row) throw new Error(`finance_company_codes has no row for ${aggregate} (nor OTHER)`);
    return row;
  }
}
