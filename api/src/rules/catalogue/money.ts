import type { ResourceSpec } from './types';

/** Bills, ledger, payments and finance records (filled in by the money schema). */
export const MONEY_RESOURCES: readonly ResourceSpec[] = [];
