import type { PermissionKey } from './identity';
import type { UTILITY_STATUSES } from './value-sets';

export type UtilityStatus = (typeof UTILITY_STATUSES)[number];

/**
 * The service (utility) status machine: ordered by the tenant, actioned with the provider, active, then
 * cancelled in three steps (to cancel → pending cancellation → cancelled). An objected or unclear order goes
 * back to ordering; a cancelled service can be ordered again.
 */
export const SERVICE_TRANSITIONS: Readonly<Record<UtilityStatus, readonly UtilityStatus[]>> = {
  NOT_ORDERED: ['ORDERED_BY_THE_TENANT', 'ACTIONED_BY_PROVIDER', 'UNCLEAR_INFO', 'CANCELLED'],
  ORDERED_BY_THE_TENANT: ['ACTIONED_BY_PROVIDER', 'OBJECTED', 'UNCLEAR_INFO', 'NOT_ORDERED', 'CANCELLED'],
  ACTIONED_BY_PROVIDER: ['ACTIVE', 'OBJECTED', 'UNCLEAR_INFO', 'CANCELLED'],
  OBJECTED: ['ORDERED_BY_THE_TENANT', 'ACTIONED_BY_PROVIDER', 'CANCELLED'],
  UNCLEAR_INFO: ['ORDERED_BY_THE_TENANT', 'ACTIONED_BY_PROVIDER', 'NOT_ORDERED', 'CANCELLED'],
  ACTIVE: ['TO_CANCEL'],
  TO_CANCEL: ['PENDING_CANCELLATION', 'ACTIVE'],
  PENDING_CANCELLATION: ['CANCELLED', 'ACTIVE'],
  CANCELLED: ['ORDERED_BY_THE_TENANT'],
};

export const serviceTransitionAllowed = (from: string, to: string): boolean => from === to || (SERVICE_TRANSITIONS[from as UtilityStatus] ?? []).includes(to as UtilityStatus);

export const serviceTransitionMessage = (utilityType: string, from: string, to: string): string =>
  `A ${utilityType} service ${from} cannot become ${to}: it can become ${(SERVICE_TRANSITIONS[from as UtilityStatus] ?? []).join(', ') || 'nothing else'}`;

/** The named permission each utility's status changes need (specification §6 "per-service status changes"). */
export const SERVICE_STATUS_KEYS: Readonly<Record<string, PermissionKey>> = {
  electric: 'CHANGE_ELECTRICITY_STATUS',
  gas: 'CHANGE_GAS_STATUS',
  water: 'CHANGE_WATER_STATUS',
  broadband: 'CHANGE_BROADBAND_STATUS',
  tv_licence: 'CHANGE_TV_LICENCE_STATUS',
};

/** The named permission a billing type change needs. */
export const BILLING_TYPE_KEYS: Readonly<Record<string, PermissionKey>> = { BILL: 'CHANGE_TO_BILL', PLAN: 'CHANGE_TO_PLAN' };

export const PERMISSION_KEY_MESSAGES = {
  serviceStatus: (utilityType: string, key: string) => `Changing the status of a ${utilityType} service needs the ${key} permission`,
  billingType: (billingType: string, key: string) => `Changing a contract to ${billingType} needs the ${key} permission`,
} as const;
