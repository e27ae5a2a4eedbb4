import type { GraphQLModule } from '../../graphql/graphql-module';
import { backoffice, type Access } from '../../auth/access';
import type { GraphQLContext } from '../../graphql/context';
import type { Resolver, ResolverMap } from '../../graphql/schema';
import { billRunRecord, retryFailedHouses, scheduleAutomatedBilling, startBillRun, type BillRunCaller } from './bill-runs.service';
import { reissueStatement } from './reissue-statement.service';
import { sendBillContract } from './send-bill-contract.service';
import { billRecord, voidStatement, type BillRow } from './void-statement.service';

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

  "A statement re-issued: the bills voided by this call and the new statements replacing them."
  type StatementReissue {
    voided: [Bill!]!
    houseStatement: Bill!
    tenantStatements: [Bill!]!
    "Statement e-mails enqueued for the new tenant statements"
    emailsQueued: Int!
  }
  extend type Mutation {
    "Voids a house statement (or the set of a tenant statement) with all its tenant statements, reversing their ledger charges"
    voidStatement(billId: ID!, reason: String!): [Bill!]!
    "Voids the statement if still issued (reason required then) and issues it again from today's readings and tariffs"
    reissueStatement(billId: ID!, reason: String): StatementReissue!
    "E-mails the tenants of a BILL house contract their contract to sign; answers the addresses (a PLAN contract must be updated to BILL first)"
    sendBillContract(houseContractId: ID!): [String!]!
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
    voidStatement: (async (_parent, { billId, reason }, context) => (await voidStatement(caller(context), { billId: Number(billId), reason })).map(billRecord)) satisfies Resolver<{
      billId: string;
      reason: string;
    }>,
    reissueStatement: (async (_parent, { billId, reason }, context) => {
      const result = await reissueStatement(caller(context), { billId: Number(billId), reason });
      const issued: BillRow[] = await context.db('bills').whereIn('id', [result.houseBillId, ...result.tenantBillIds]).orderBy('id');
      return {
        voided: result.voided.map(billRecord),
        houseStatement: billRecord(issued.find((bill) => bill.id === result.houseBillId)!),
        tenantStatements: issued.filter((bill) => bill.id !== result.houseBillId).map(billRecord),
        emailsQueued: result.emailsQueued,
      };
    }) satisfies Resolver<{ billId: string; reason?: string | null }>,
    sendBillContract: (async (_parent, { houseContractId }, context) =>
      sendBillContract({ ...caller(context), baseUrl: context.config.baseUrl }, Number(houseContractId))) satisfies Resolver<{ houseContractId: string }>,
  },
};

/** Starting, scheduling and retrying runs write bills: billing WRITE. */
export const billingOperationAccess: Record<string, Access> = {
  'Mutation.startBillRun': backoffice('billing', 'WRITE'),
  'Mutation.scheduleAutomatedBilling': backoffice('billing', 'WRITE'),
  'Mutation.retryFailedHouses': backoffice('billing', 'WRITE'),
  // Voiding and re-issuing statements change issued bills and the ledger.
  'Mutation.voidStatement': backoffice('billing', 'WRITE'),
  'Mutation.reissueStatement': backoffice('billing', 'WRITE'),
  // Sending a house contract to its tenants acts on the contract: properties WRITE.
  'Mutation.sendBillContract': backoffice('properties', 'WRITE'),
};

export const billingModule: GraphQLModule = { typeDefs: billingTypeDefs, resolvers: billingResolvers, access: billingOperationAccess };
