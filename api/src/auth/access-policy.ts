import { billingOperationAccess } from '../modules/billing/billing.graphql';
import { financeOperationAccess } from '../modules/finance/finance.graphql';
import { rebatesOperationAccess } from '../modules/rebates/rebates.graphql';
import { recordsOperationAccess } from '../modules/records/records.graphql';
import { usageReportsOperationAccess } from '../modules/usage-reports/usage-reports.graphql';
import { backoffice, PUBLIC, roles, SIGNED_IN, type Access } from './access';

/**
 * Who may call each GraphQL operation, in one place. Every field of Query and Mutation must be listed:
 * the schema refuses to build otherwise, and a test walks the schema to prove it.
 */
export const OPERATION_ACCESS: Record<string, Access> = {
  // Runtime state every page may read.
  'Query.getEnabledFeatures': PUBLIC,
  'Query.getSystemCurrentDate': PUBLIC,
  // The public site's header (referral links of agencies).
  'Mutation.getAgencyReferralInfoByUrl': PUBLIC,

  // Identity.
  'Mutation.login': PUBLIC,
  'Query.checkAuth': SIGNED_IN,
  'Query.currentUser': SIGNED_IN,
  'Mutation.logout': SIGNED_IN,
  'Mutation.changePassword': SIGNED_IN,
  'Mutation.requestPasswordReset': PUBLIC,
  'Query.isPasswordResetLinkValid': PUBLIC,
  'Mutation.resetPassword': PUBLIC,
  'Query.currentAgent': roles('agent'),

  // Back-office users and roles.
  'Query.allBackofficeRoles': backoffice('usersAndRoles', 'READ'),
  'Query._allBackofficeRolesMeta': backoffice('usersAndRoles', 'READ'),
  'Query.BackofficeRole': backoffice('usersAndRoles', 'READ'),
  'Mutation.createBackofficeRole': backoffice('usersAndRoles', 'WRITE', 'MANAGE_USERS'),
  'Mutation.updateBackofficeRole': backoffice('usersAndRoles', 'WRITE', 'MANAGE_USERS'),
  'Query.allBackofficeUsers': backoffice('usersAndRoles', 'READ'),
  'Query._allBackofficeUsersMeta': backoffice('usersAndRoles', 'READ'),
  'Query.BackofficeUser': backoffice('usersAndRoles', 'READ'),
  'Mutation.createBackofficeUser': backoffice('usersAndRoles', 'WRITE', 'MANAGE_USERS'),
  'Mutation.updateBackofficeUser': backoffice('usersAndRoles', 'WRITE', 'MANAGE_USERS'),

  // The job console: READ to look, WRITE to act.
  'Query.allJobQueues': backoffice('jobs', 'READ'),
  'Query._allJobQueuesMeta': backoffice('jobs', 'READ'),
  'Query.JobQueue': backoffice('jobs', 'READ'),
  'Query.allJobs': backoffice('jobs', 'READ'),
  'Query._allJobsMeta': backoffice('jobs', 'READ'),
  'Query.Job': backoffice('jobs', 'READ'),
  'Query.allJobSchedules': backoffice('jobs', 'READ'),
  'Query._allJobSchedulesMeta': backoffice('jobs', 'READ'),
  'Query.jobThroughput': backoffice('jobs', 'READ'),
  'Mutation.retryJobs': backoffice('jobs', 'WRITE'),
  'Mutation.retryAllFailed': backoffice('jobs', 'WRITE'),
  'Mutation.cancelJobs': backoffice('jobs', 'WRITE'),
  'Mutation.resumeJobs': backoffice('jobs', 'WRITE'),
  'Mutation.redriveDeadLetters': backoffice('jobs', 'WRITE'),
  'Mutation.runScheduleNow': backoffice('jobs', 'WRITE'),

  // Quotes: price one without saving (READ), save a weekly quote (WRITE).
  'Query.quote': backoffice('quotes', 'READ'),
  'Mutation.createWeeklyQuote': backoffice('quotes', 'WRITE'),

  // Every record type of the catalogue: READ on its area to look, WRITE (and its named permission) to change.
  ...recordsOperationAccess(),
  // Bill runs: start, schedule the automation, retry failed houses.
  ...billingOperationAccess,
  // Finance: sales journals (salesJournals WRITE) and Sage exports (accounting WRITE).
  ...financeOperationAccess,
  // Usage reports: usageReports WRITE to ask for one, READ to follow it.
  ...usageReportsOperationAccess,
  // Government rebates: credit a month of a scheme (governmentRebates WRITE).
  ...rebatesOperationAccess,
};

/** REST routes, as `METHOD /path` under /api/v2. Mounted only through restRoute(), which looks them up here. */
export const REST_ACCESS: Record<string, Access> = {
  'GET /config': PUBLIC,
  'POST /log': PUBLIC,
  'POST /page-views': PUBLIC,
  'POST /auth/google': PUBLIC,
  'GET /auth/google/url': PUBLIC,
  // List exports: back-office staff; the service then requires READ on the exported list's area, and only
  // the owner may see or download an export (a download link carries the token as ?jwt=…).
  'POST /exports/csv': roles('backoffice', 'partner'),
  'POST /exports/xlsx': roles('backoffice', 'partner'),
  'POST /exports/archives': roles('backoffice', 'partner'),
  'GET /exports/:id': roles('backoffice', 'partner'),
  'GET /exports/:id/download': roles('backoffice', 'partner'),
  // A statement's PDF (a plain link with ?jwt=…): staff who may read billing, any group (the bill names it).
  'GET /bills/:id/pdf': backoffice('billing', 'READ'),
  // A usage report's CSV (a plain link with ?jwt=…): the service requires READ on usageReports.
  'GET /usage-reports/:id/download': roles('backoffice', 'partner'),
};
