import { combineRuleSets } from '../../plan-billing/combine-rules';
import { PLAN_BILLING_RULES } from '../../plan-billing/plan-billing-rules';
import type { RecordRules } from '../record-rules';
import { COMMENT_RULES } from './comments';
import { FINANCE_CODE_RULES } from './finance-codes';
import { MONEY_RULES } from './money';
import { OPERATIONS_RULES } from './operations';
import { PRICING_RULES } from './pricing';
import { PROPERTY_RULES } from './property';

/**
 * The database-backed rules of each resource, by resource name. PLAN billing adds `afterWrite` hooks to the
 * house and tenant contract rules (their validate rules stay as they are).
 */
export const RECORD_RULES: Record<string, RecordRules> = combineRuleSets(
  { ...PROPERTY_RULES, ...PRICING_RULES, ...COMMENT_RULES, ...MONEY_RULES, ...OPERATIONS_RULES, ...FINANCE_CODE_RULES },
  PLAN_BILLING_RULES,
);
