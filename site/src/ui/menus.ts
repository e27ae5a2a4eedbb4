/** The menus of specification §2.9, per context. Visibility rules are pure so the identity work can reuse them. */
export type MenuItem = { to: string; label: string };
export type MenuContext = 'public' | 'agent' | 'tenant';

export const PUBLIC_MENU: readonly MenuItem[] = [
  { to: '/bill-packages', label: 'Packages' },
  { to: '/sustainability', label: 'Sustainability' },
  { to: '/help', label: 'Help Centre' },
  { to: '/agents/info', label: 'Agents & Landlords' },
  { to: '/my-energy-bill/login', label: 'My Energy Bill' },
  { to: '/signin/tenant', label: 'My account' },
];

export const AGENT_MENU: readonly MenuItem[] = [
  { to: '/agent-portal/properties', label: 'All properties' },
  { to: '/agent-portal/bill-packages', label: 'Bills package' },
  { to: '/agent-portal/settings', label: 'Settings' },
];

export type TenantMenuFacts = {
  /** The user only has an energy bill with us (the My Energy Bill product). */
  isEnergyBillUser: boolean;
  /** The user has current or previous MY_ENERGY_USE contracts. */
  hasEnergyUseContracts: boolean;
};

export function tenantMenu({ isEnergyBillUser, hasEnergyUseContracts }: TenantMenuFacts): MenuItem[] {
  const items: Array<MenuItem | false> = [
    { to: '/tenant-profile', label: 'Dashboard' },
    { to: '/tenant-profile/house', label: 'Me & My House' },
    { to: '/tenant-profile/payments/info', label: 'Billing & Payments' },
    !isEnergyBillUser && { to: '/tenant-profile/refer-friend', label: 'Refer a Friend' },
    { to: '/tenant-profile/give-meter-reading', label: 'Submit Meter Reads' },
    hasEnergyUseContracts && !isEnergyBillUser && { to: '/tenant-profile/energy-use', label: 'Energy Usage Graphs' },
    !isEnergyBillUser && { to: '/tenant-profile/broadband', label: 'My Broadband' },
    isEnergyBillUser && { to: '/tenant-profile/energy-bill', label: 'My Energy Bill' },
    { to: '/tenant-profile/energy-tips', label: 'Energy Saving Tips' },
  ];
  return items.filter((item): item is MenuItem => item !== false);
}

/** Which menu a page gets: by its area, and for agents by their role wherever they are. */
export function menuContext(pathname: string, role: string | null): MenuContext {
  if (pathname.startsWith('/tenant-profile')) return 'tenant';
  if (pathname.startsWith('/agent-portal') || role === 'agent') return 'agent';
  return 'public';
}

/** Public links that get a Log out submenu for signed-in tenant-side users (§2.9). */
export const LOGOUT_SUBMENU_LINKS = new Set(['My Energy Bill', 'My account']);
export const TENANT_ROLES = new Set(['front', 'bill-payer']);
