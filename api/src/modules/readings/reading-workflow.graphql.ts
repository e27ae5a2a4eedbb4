import { backoffice, type Access } from '../../auth/access';
import type { GraphQLModule } from '../../graphql/graphql-module';
import type { Resolver, ResolverMap } from '../../graphql/schema';
import { approveMeterReadings } from './approve-readings.service';

/*
 * The readings list's bulk approval. Single status changes go through updateMeterReading, where the same
 * workflow rule (rules/reading-workflow.ts) is enforced.
 */
const typeDefs = /* GraphQL */ `
  "A reading the workflow would not move, and why."
  type ReadingRefusal {
    id: ID!
    message: String!
  }
  "What a bulk approval did to each selected reading."
  type ReadingApproval {
    changed: [ID!]!
    unchanged: [ID!]!
    refused: [ReadingRefusal!]!
  }
  extend type Mutation {
    "Approves up to 1000 readings of the X-Group-ID group (status APPROVED or APPROVED_FOR_BILLING); each sender is told"
    approveMeterReadings(ids: [ID!]!, status: String = "APPROVED"): ReadingApproval!
  }
`;

const resolvers: ResolverMap = {
  Mutation: {
    approveMeterReadings: (async (_parent, { ids, status }, context) =>
      approveMeterReadings(context.db, { userId: context.user?.id ?? null, groupId: context.groupId }, ids, status ?? 'APPROVED')) satisfies Resolver<{ ids: string[]; status?: string | null }>,
  },
};

const access: Record<string, Access> = {
  // Deciding on readings is writing meter readings.
  'Mutation.approveMeterReadings': backoffice('meterReadings', 'WRITE'),
};

export const readingWorkflowModule: GraphQLModule = { typeDefs, resolvers, access };
