import type { ResourceSpec } from './types';

/** Credit control, operations, settings and system records. */
export const OPERATIONS_RESOURCES: readonly ResourceSpec[] = [];
