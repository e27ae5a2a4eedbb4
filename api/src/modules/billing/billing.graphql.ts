import { backoffice, type Access } from '../../auth/access';
import type { GraphQLContext } from '../../graphql/context';
import type { Resolver, ResolverMap } from '../../graphql/schema';
import { billRunRecord, retryFailedHouses, scheduleAutomatedBilling, startBillRun, type BillRunCaller } from './bill-runs.service';

/*
 * Bill runs (BILL billing): start one for the X-Group-ID group and a period, schedule the automated one,
 * retry the houses that failed. The run and its houses are read through the catalogue (allBillRuns,
 * allBillRunHouses): the counts there are the run's progress.
 */
export const billingTypeDefs = /* GraphQL */ `
  "A run's failed houses put back in the queue."
  type BillRunRetry {
    billRun: BillRun!
    "Houses enqueued again"
    retried: Int!
  }
  extend type Mutation {
    "Starts a bill run of the group for the period (dates YYYY-MM-DD, inclusive)"
    startBillRun(periodStart: String!, periodEnd: String!): BillRun!
    "Schedules the automated bill run for the period: one automation a day, never twice for a period"
    scheduleAutomatedBilling(periodStart: String!, periodEnd: String!): BillRun!
    "Enqueues the run's FAILED houses again (only those)"
    retryFailedHouses(billRunId: ID!): BillRunRetry!
  }
`;

type PeriodArgs = { periodStart: string; periodEnd: string };

const caller = ({ db, boss, user, groupId }: GraphQLContext): BillRunCaller => ({ db, boss, userId: user?.id ?? null, groupId });

export const billingResolvers: ResolverMap = {
  Mutation: {
    startBillRun: (async (_parent, period, context) => billRunRecord(await startBillRun(caller(context), period))) satisfies Resolver<PeriodArgs>,
    scheduleAutomatedBilling: (async (_parent, period, context) => billRunRecord(await scheduleAutomatedBilling(caller(context), period))) satisfies Resolver<PeriodArgs>,
    retryFailedHouses: (async (_parent, { billRunId }, context) => {
      const { run, retried } = await retryFailedHouses(caller(context), Number(billRunId));
      return { billRun: billRunRecord(run), retried };
    }) satisfies Resolver<{ billRunId: string }>,
  },
};

/** Starting, scheduling and retrying runs write bills: billing WRITE. */
export const billingOperationAccess: Record<string, Access> = {
  'Mutation.startBillRun': backoffice('billing', 'WRITE'),
  'Mutation.scheduleAutomatedBilling': backoffice('billing', 'WRITE'),
  'Mutation.retryFailedHouses': backoffice('billing', 'WRITE'),
};
