/** Who signs in, and what back-office staff may do. Pure and shared with the site and admin. */
export const USER_ROLES = ['front', 'bill-payer', 'agent', 'backoffice', 'partner'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const TENANT_ROLES = ['front', 'bill-payer'] as const satisfies readonly UserRole[];
export const BACKOFFICE_ROLES = ['backoffice', 'partner'] as const satisfies readonly UserRole[];

/** The two tenant portals: the online account ("My account") and the energy-bill portal ("My Energy Bill"). */
export const TENANT_PORTALS = ['MY_ACCOUNT', 'ENERGY_BILL'] as const;
export type TenantPortal = (typeof TENANT_PORTALS)[number];

/** Back-office user account types (specification §3): the provider's own staff, or a partner's. */
export const BACKOFFICE_ACCOUNT_TYPES = ['STAFF', 'PARTNER'] as const;
export type BackofficeAccountType = (typeof BACKOFFICE_ACCOUNT_TYPES)[number];

export const BACK_USER_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type BackUserStatus = (typeof BACK_USER_STATUSES)[number];

export const PERMISSION_LEVELS = ['NONE', 'READ', 'WRITE'] as const;
export type PermissionLevel = (typeof PERMISSION_LEVELS)[number];

/** The back-office areas a role grants NONE, READ or WRITE on. Later features add their area here. */
export const BACKOFFICE_AREAS = [
  'customers',
  'properties',
  'billing',
  'payments',
  'creditControl',
  'meterReadings',
  'houseVisits',
  'salesJournals',
  'tariffs',
  'quotes',
  'usersAndRoles',
  'systemLogs',
  'promoLinks',
  'governmentRebates',
  'usageReports',
  'emailBlacklist',
  'accounting',
  'batchUpdates',
  'jobs',
  'complaints',
  'sales',
  'settings',
] as const;
export type BackofficeArea = (typeof BACKOFFICE_AREAS)[number];

/** Named permissions on top of the area levels, for actions riskier than the area's WRITE. */
export const PERMISSION_KEYS = [
  'CHANGE_TO_BILL',
  'CHANGE_TO_PLAN',
  'DELETE_METER',
  'MANAGE_FEATURES',
  'AUTHORIZE_REFUND',
  'MANAGE_USERS',
  'CHANGE_ELECTRICITY_STATUS',
  'CHANGE_GAS_STATUS',
  'CHANGE_WATER_STATUS',
  'CHANGE_BROADBAND_STATUS',
  'CHANGE_TV_LICENCE_STATUS',
  // An additional transaction above its usual £5,000 ceiling (issue 13).
  'LARGE_ADDITIONAL_TRANSACTION',
] as const;
export type PermissionKey = (typeof PERMISSION_KEYS)[number];

/** What a back-office token carries in `options.user_permissions`. */
export interface UserPermissions {
  areas: Partial<Record<BackofficeArea, PermissionLevel>>;
  keys: PermissionKey[];
}

const RANK: Record<PermissionLevel, number> = { NONE: 0, READ: 1, WRITE: 2 };

export function hasAreaLevel(permissions: UserPermissions | null | undefined, area: BackofficeArea, level: PermissionLevel): boolean {
  return RANK[permissions?.areas[area] ?? 'NONE'] >= RANK[level];
}

/** The sign-in route of each role (specification §2.4); protected routes send a signed-out user there. */
export const SIGN_IN_ROUTE: Record<UserRole, string> = {
  front: '/signin/tenant',
  'bill-payer': '/signin/tenant',
  agent: '/signin/agent',
  backoffice: '/admin-signin',
  partner: '/admin-signin',
};
