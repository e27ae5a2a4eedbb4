import { backoffice, type Access } from '../../auth/access';
import type { GraphQLModule } from '../../graphql/graphql-module';
import type { Resolver, ResolverMap } from '../../graphql/schema';
import { houseContractsForBatch } from './batch-contracts-view.service';
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
  "A tariff period of a service, by its tariff's name."
  type BatchTariffPeriod {
    tariffId: ID!
    tariffName: String!
    startDate: String!
    endDate: String!
  }
  type BatchService {
    id: ID!
    utilityType: String!
    utilityStatus: String!
    startDate: String
    endDate: String
    tariffs: [BatchTariffPeriod!]!
  }
  type BatchTenantContract {
    id: ID!
    tenantName: String!
    status: String!
    startDate: String!
    endDate: String!
  }
  "A selected house contract as the batch update screen edits it."
  type BatchHouseContract {
    id: ID!
    house: String!
    status: String!
    signUpDate: String!
    endDate: String!
    services: [BatchService!]!
    tenantContracts: [BatchTenantContract!]!
  }
  extend type Query {
    "Up to 1000 house contracts of the X-Group-ID group with their services, tariff periods and tenant contracts"
    houseContractsForBatch(ids: [ID!]!): [BatchHouseContract!]!
  }
  extend type Mutation {
    "Changes up to 1000 house contracts of the X-Group-ID group (dates, group, services' dates and tariffs, tenant contracts' dates), each in its own transaction"
    batchUpdateHouseContracts(items: JSON!): [BatchContractResult!]!
  }
`;

const resolvers: ResolverMap = {
  Query: {
    houseContractsForBatch: (async (_parent, { ids }, context) => houseContractsForBatch(context.db, context.groupId, ids)) satisfies Resolver<{ ids: unknown }>,
  },
  Mutation: {
    batchUpdateHouseContracts: (async (_parent, { items }, context) => batchUpdateHouseContracts({ db: context.db, user: context.user!, groupId: context.groupId }, items)) satisfies Resolver<{ items: unknown }>,
  },
};

const access: Record<string, Access> = {
  // Reading what the screen will change: properties READ.
  'Query.houseContractsForBatch': backoffice('properties', 'READ'),
  // Changing contracts, their services and tenants: properties WRITE.
  'Mutation.batchUpdateHouseContracts': backoffice('properties', 'WRITE'),
};

export const contractsBatchModule: GraphQLModule = { typeDefs, resolvers, access };
