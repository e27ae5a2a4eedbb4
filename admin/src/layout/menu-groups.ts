import type { ComponentType } from 'react';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import BuildIcon from '@mui/icons-material/Build';
import DnsIcon from '@mui/icons-material/Dns';
import GavelIcon from '@mui/icons-material/Gavel';
import HomeWorkIcon from '@mui/icons-material/HomeWork';
import PaymentsIcon from '@mui/icons-material/Payments';
import PeopleIcon from '@mui/icons-material/People';
import PriceChangeIcon from '@mui/icons-material/PriceChange';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SettingsIcon from '@mui/icons-material/Settings';
import { CATALOGUE, MENU_GROUPS, type MenuGroup } from '@app/api/rules';

export const GROUP_ICONS: Record<MenuGroup, ComponentType> = {
  Customers: PeopleIcon,
  'Properties and contracts': HomeWorkIcon,
  Pricing: PriceChangeIcon,
  Billing: ReceiptLongIcon,
  Payments: PaymentsIcon,
  'Credit control': GavelIcon,
  Operations: BuildIcon,
  Finance: AccountBalanceIcon,
  Settings: SettingsIcon,
  System: DnsIcon,
};

/** The screens of our own that are not catalogue entries, placed in their menu group. */
const DEDICATED_MENU: Partial<Record<MenuGroup, readonly string[]>> = {
  Settings: ['BackofficeUser', 'BackofficeRole'],
  System: ['JobQueue', 'Job', 'JobSchedule'],
};

/** i18n key of a group's heading ("Properties and contracts" → shb.menu.properties_and_contracts). */
export const groupKey = (group: MenuGroup): string => `shb.menu.${group.toLowerCase().replace(/\s+/g, '_')}`;

/** Each menu group with its resources, in catalogue order, the dedicated screens after them. */
export const MENU: ReadonlyArray<{ group: MenuGroup; resources: string[] }> = MENU_GROUPS.map((group) => ({
  group,
  resources: [...CATALOGUE.filter((spec) => spec.menu === group).map((spec) => spec.name), ...(DEDICATED_MENU[group] ?? [])],
}));
