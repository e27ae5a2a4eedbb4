import { backoffice, type Access } from '../../auth/access';
import type { GraphQLModule } from '../../graphql/graphql-module';
import type { Resolver, ResolverMap } from '../../graphql/schema';
import { batchUpdateHouseContracts } from './batch-update-contracts.service';

const typeDefs = /* GraphQL */ `
  "A refused part of a contract's change: the field and the rule it broke."
  type BatchContractError {
    field: String!
    rule: String!
    message: String!
  }
  "What the batch did to one contract."
  type BatchContractResult {
    houseContractId: ID!
    ok: Boolean!
    errors: [BatchContractError!]!
  }
  extend type Mutation {
    "Changes up to 1000 house contracts of the X-Group-ID group (dates, group, services' dates and tariffs, tenant contracts' dates), each in its own transaction"
    batchUpdateHouseContracts(items: JSON!): [BatchContractResult!]!
  }
`;

const resolvers: ResolverMap = {
  Mutation: {
    batchUpdateHouseContracts: (async (_parent, { items }, context) => batchUpdateHouseContracts({ db: context.db, user: context.user!, groupId: context.groupId }, items)) satisfies Resolver<{ items: unknown }>,
  },
};

const access: Record<string, Access> = {
  // Changing contracts, their services and tenants: properties WRITE.
  'Mutation.batchUpdateHouseContracts': backoffice('properties', 'WRITE'),
};

export const contractsBatchModule: GraphQLModule = { typeDefs, resolvers, access };
