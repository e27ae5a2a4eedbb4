import type { FieldError } from '../../../errors/domain-error';
import { isBlank } from '../../../rules/validation/common';
import type { RecordRules } from '../record-rules';

/** Messages of the finance code rules (the accounting export's lookup explains both). */
export const FINANCE_CODE_MESSAGES = {
  utilityNeedsBillingType: 'A utility-specific nominal code needs a billing type: the export looks utilities up within a billing type',
  nominalRowExists: 'A nominal code for this purpose, billing type and utility already exists: edit that one',
} as const;

const fail = (field: string, rule: string, message: string): FieldError => ({ field, rule, message });

/**
 * Nominal codes: the accounting export picks the row of a posting's purpose, billing type and utility, so a
 * utility row without a billing type would never be read, and two rows for the same key would make the
 * choice arbitrary (the unique index finance_nominal_codes_unique is the last guard).
 */
export const FINANCE_CODE_RULES: Record<string, RecordRules> = {
  FinanceNominalCode: {
    async validate(record, context) {
      if (context.existing) return []; // purpose, billing type and utility are set on create only
      if (!isBlank(record.utilityType) && isBlank(record.billingType)) return [fail('billingType', 'required', FINANCE_CODE_MESSAGES.utilityNeedsBillingType)];
      const same = await context
        .trx('finance_nominal_codes')
        .where({ purpose: record.purpose })
        .whereRaw(`coalesce(billing_type::text, '') = ?`, [isBlank(record.billingType) ? '' : String(record.billingType)])
        .whereRaw(`coalesce(utility_type::text, '') = ?`, [isBlank(record.utilityType) ? '' : String(record.utilityType)])
        .first('id');
      return same ? [fail('purpose', 'unique', FINANCE_CODE_MESSAGES.nominalRowExists)] : [];
    },
  },
};
