import { searchModule } from '../modules/search/search.graphql';
import { brandModule } from '../modules/brand/brand.graphql';
import { preferencesModule } from '../modules/preferences/preferences.graphql';
import { dashboardModule } from '../modules/dashboard/dashboard.graphql';
import { creditControlModule } from '../modules/credit-control/credit-control.graphql';
import { addressLookupModule } from '../modules/address-lookup/address-lookup.graphql';
import { signupModule } from '../modules/signup/signup.graphql';
import { agentPortalModule } from '../modules/agent-portal/agent-portal.graphql';
import { backofficeUsersModule } from '../modules/backoffice-users/backoffice-users.graphql';
import { billingModule } from '../modules/billing/billing.graphql';
import { financeModule } from '../modules/finance/finance.graphql';
import { identityModule } from '../modules/identity/identity.graphql';
import { directDebitModule } from '../modules/payments/direct-debit/direct-debit.graphql';
import { jobsModule } from '../modules/jobs/jobs.graphql';
import { notificationsModule } from '../modules/notifications/notifications.graphql';
import { paymentsModule } from '../modules/payments/payments.graphql';
import { quotesModule } from '../modules/quotes/quotes.graphql';
import { publicQuoteModule } from '../modules/quotes/public-quote.graphql';
import { contractsBatchModule } from '../modules/contracts-batch/batch-update-contracts.graphql';
import { readingWorkflowModule } from '../modules/readings/reading-workflow.graphql';
import { rebatesModule } from '../modules/rebates/rebates.graphql';
import { recordsModule } from '../modules/records/records.graphql';
import { settingsModule } from '../modules/settings/settings.graphql';
import { siteModule } from '../modules/site/site.graphql';
import { tenantAreaModule } from '../modules/tenant-area/tenant-area.graphql';
import { downloadsModule } from '../modules/downloads/downloads.graphql';
import { attachmentsModule } from '../modules/files/attachments.graphql';
import { usageReportsModule } from '../modules/usage-reports/usage-reports.graphql';
import type { GraphQLModule } from './graphql-module';

/** Every module of the GraphQL API, one line each. */
export const GRAPHQL_MODULES: readonly GraphQLModule[] = [
  settingsModule,
  siteModule,
  identityModule,
  backofficeUsersModule,
  jobsModule,
  recordsModule,
  quotesModule,
  publicQuoteModule,
  billingModule,
  financeModule,
  rebatesModule,
  usageReportsModule,
  notificationsModule,
  agentPortalModule,
  addressLookupModule,
  signupModule,
  readingWorkflowModule,
  paymentsModule,
  directDebitModule,
  creditControlModule,
  tenantAreaModule,
  contractsBatchModule,
  downloadsModule,
  attachmentsModule,
  dashboardModule,
  searchModule,
  brandModule,
  preferencesModule,
];
