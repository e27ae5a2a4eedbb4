import englishMessages from 'ra-language-english';
import { type TranslationMessages } from 'react-admin';
import { CATALOGUE, fieldLabel, humaniseValue, MENU_GROUPS, SUCCESS_MESSAGES, type BackofficeArea, type ResourceSpec } from '@app/api/rules';

// react-admin's own English messages plus ours, under the "shb" (Shared House Bills) namespace.
const AREA_LABELS: Record<BackofficeArea, string> = {
  customers: 'Customers',
  properties: 'Properties and contracts',
  complaints: 'Complaints',
  sales: 'Sales',
  settings: 'Settings',
  billing: 'Billing',
  payments: 'Payments',
  creditControl: 'Credit control',
  meterReadings: 'Meter readings',
  houseVisits: 'House visits',
  salesJournals: 'Sales journals',
  tariffs: 'Tariffs',
  quotes: 'Quotes',
  usersAndRoles: 'Users and roles',
  systemLogs: 'System logs',
  promoLinks: 'Promo links',
  governmentRebates: 'Government rebates',
  usageReports: 'Usage reports',
  emailBlacklist: 'E-mail blacklist',
  accounting: 'Accounting',
  batchUpdates: 'Batch updates',
  jobs: 'Jobs',
};

/** "TenantContract" → "Tenant contract |||| Tenant contracts" and a label for every field, for each catalogue resource. */
function catalogueMessages(spec: ResourceSpec) {
  return {
    name: `${humaniseValue(spec.name)} |||| ${spec.label}`,
    fields: Object.fromEntries(Object.keys(spec.fields).map((name) => [name, fieldLabel(name)])),
  };
}

export const en: TranslationMessages = {
  ...englishMessages,
  ra: {
    ...englishMessages.ra,
    // The specification's success messages (§8) instead of react-admin's "Element created".
    notification: {
      ...englishMessages.ra.notification,
      created: SUCCESS_MESSAGES.saved,
      updated: `${SUCCESS_MESSAGES.saved} |||| ${SUCCESS_MESSAGES.saved}`,
      deleted: `${SUCCESS_MESSAGES.deleted} |||| ${SUCCESS_MESSAGES.deleted}`,
    },
    // Staff save filters, as the lists call them, not "queries".
    saved_queries: {
      label: 'Saved filters',
      query_name: 'Name',
      new_label: 'Save current filter…',
      new_dialog_title: 'Save the current filter as',
      remove_label: 'Remove saved filter',
      remove_label_with_name: 'Remove saved filter "%{name}"',
      remove_dialog_title: 'Remove saved filter?',
      remove_message: 'Remove this filter from your saved filters?',
      help: 'Filter the list, then save the filter here to pick it again later, on any computer you sign in from',
    },
  },
  resources: {
    ...Object.fromEntries(CATALOGUE.map((spec) => [spec.name, catalogueMessages(spec)])),
    BackofficeRole: {
      name: 'Role |||| Roles',
      fields: { name: 'Name', accountType: 'Kind', updatedAt: 'Last changed', permissionKeys: 'Named permissions' },
      areas: AREA_LABELS,
    },
    BackofficeUser: {
      name: 'Staff member |||| Staff',
      fields: { email: 'E-mail', firstName: 'First name', lastName: 'Last name', backofficeRoleId: 'Role', status: 'Status', allGroups: 'Works for every group', groupIds: 'Groups' },
    },
  },
  shb: {
    menu: Object.fromEntries(MENU_GROUPS.map((group) => [group.toLowerCase().replace(/\s+/g, '_'), group])),
    catalogue: {
      details: 'Details',
      search: 'Search',
      from: 'from',
      to: 'to',
      add: 'Add %{name}',
      none: 'None yet',
      count_limit: 'More than %{count} records: narrow the filters',
      all_tab: 'All',
      locked: 'This record has been issued and can no longer be changed.',
    },
    jobs: {
      done: '%{smart_count} job affected |||| %{smart_count} jobs affected',
      retry: 'Retry',
      cancel: 'Cancel',
      resume: 'Resume',
      retry_all_failed: 'Retry all failed',
      redrive: 'Redrive dead letters',
      run_now: 'Run now',
      throughput: 'Last 24 hours',
      completed_total: '%{count} completed',
      failed_total: '%{count} failed',
    },
    app: {
      title: 'Back office',
      loading: 'Connecting to the API…',
    },
    dashboard: {
      title: 'Dashboard',
      work: "Today's work",
      contracts: 'Contracts this month',
      system: 'System',
      money: 'This month',
      billed: 'Billed',
      collected: 'Collected',
      debt: 'Owed, by time since the last payment',
      nothing: 'Nothing your role can open is counted here.',
      as_of: 'As of %{date}',
    },
    health: {
      title: 'API health',
      database: 'Database',
      jobQueue: 'Job queue',
      overall: 'Overall',
      checking: 'Checking…',
      unreachable: 'Cannot reach /healthz: %{error}',
      refresh: 'Refresh',
      details: 'System status',
    },
    api_error: {
      title: 'The back office cannot reach the API',
      body: 'We could not load the GraphQL schema from %{url}. The API server may be down or restarting. Check that it is running, then try again.',
      details: 'Technical details',
      retry: 'Try again',
    },
  },
};
