import { backofficeUsersModule } from '../modules/backoffice-users/backoffice-users.graphql';
import { billingModule } from '../modules/billing/billing.graphql';
import { financeModule } from '../modules/finance/finance.graphql';
import { identityModule } from '../modules/identity/identity.graphql';
import { jobsModule } from '../modules/jobs/jobs.graphql';
import { quotesModule } from '../modules/quotes/quotes.graphql';
import { rebatesModule } from '../modules/rebates/rebates.graphql';
import { recordsModule } from '../modules/records/records.graphql';
import { settingsModule } from '../modules/settings/settings.graphql';
import { siteModule } from '../modules/site/site.graphql';
import { downloadsModule } from '../modules/downloads/downloads.graphql';
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
  billingModule,
  financeModule,
  rebatesModule,
  usageReportsModule,
  downloadsModule,
];
