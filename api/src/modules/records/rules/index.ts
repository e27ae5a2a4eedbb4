import type { RecordRules } from '../record-rules';
import { COMMENT_RULES } from './comments';
import { MONEY_RULES } from './money';
import { OPERATIONS_RULES } from './operations';
import { PRICING_RULES } from './pricing';
import { PROPERTY_RULES } from './property';

/** The database-backed rules of each resource, by resource name. */
export const RECORD_RULES: Record<string, RecordRules> = { ...PROPERTY_RULES, ...PRICING_RULES, ...COMMENT_RULES, ...MONEY_RULES, ...OPERATIONS_RULES };
