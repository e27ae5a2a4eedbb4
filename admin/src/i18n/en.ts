import englishMessages from 'ra-language-english';
import { type TranslationMessages } from 'react-admin';
import type { BackofficeArea } from '@app/api/rules';

// react-admin's own English messages plus ours, under the "shb" (Shared House Bills) namespace.
const AREA_LABELS: Record<BackofficeArea, string> = {
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

export const en: TranslationMessages = {
  ...englishMessages,
  resources: {
    BackofficeRole: {
      name: 'Role |||| Roles',
      fields: { name: 'Name', accountType: 'Kind', updatedAt: 'Last changed', permissionKeys: 'Named permissions' },
      areas: AREA_LABELS,
    },
    BackofficeUser: {
      name: 'Staff member |||| Staff',
      fields: { email: 'E-mail', firstName: 'First name', lastName: 'Last name', backofficeRoleId: 'Role', status: 'Status' },
    },
  },
  shb: {
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
      title: 'Back office',
      welcome: 'Welcome to the Shared House Bills back office.',
      group: 'Group',
      group_help: 'Every page and API call in this tab is scoped to group %{groupId}.',
      no_resources: 'The API does not expose any back-office resources yet.',
      resources: 'Resources: %{names}',
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
