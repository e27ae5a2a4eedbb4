import type { GraphQLModule } from '../../graphql/graphql-module';
import { backoffice, type Access } from '../../auth/access';
import type { Resolver, ResolverMap } from '../../graphql/schema';
import { creditGovernmentRebate } from './credit-rebate.service';

/*
 * Government rebates: credit a month of the Energy Bills Support Scheme to one house contract, or to every
 * eligible house contract of the X-Group-ID group. The rebates themselves are read through the catalogue
 * (allGovernmentRebates).
 */
export const rebatesTypeDefs = /* GraphQL */ `
  "One house contract's part of a rebate crediting."
  type HouseRebateCredit {
    houseContractId: ID!
    "CREDITED, ALREADY_CREDITED or NO_TENANTS"
    status: String!
    "Rebate rows created (one per tenant contract)"
    rebates: Int!
    totalPence: Int!
    "The part credited to the tenants' ledgers; the rest was paid to them directly"
    creditedPence: Int!
  }
  "What crediting a month of a rebate scheme did."
  type RebateCredit {
    schemeName: String!
    month: String!
    method: String!
    rebatesCreated: Int!
    totalPence: Int!
    message: String!
    houses: [HouseRebateCredit!]!
  }
  extend type Mutation {
    "Credits the scheme's payment for the month (YYYY-MM) by the method to one house contract, or to every eligible one of the group"
    creditGovernmentRebate(month: String!, method: String!, houseContractId: ID): RebateCredit!
  }
`;

type CreditArgs = { month: string; method: string; houseContractId?: string | null };

export const rebatesResolvers: ResolverMap = {
  Mutation: {
    creditGovernmentRebate: (async (_parent, { month, method, houseContractId }, { db, user, groupId }) =>
      creditGovernmentRebate(
        { db, userId: user?.id ?? null, groupId },
        { month, method, houseContractId: houseContractId === null || houseContractId === undefined ? null : Number(houseContractId) },
      )) satisfies Resolver<CreditArgs>,
  },
};

/** Crediting rebates writes rebates and ledger entries: governmentRebates WRITE. */
export const rebatesOperationAccess: Record<string, Access> = {
  'Mutation.creditGovernmentRebate': backoffice('governmentRebates', 'WRITE'),
};

export const rebatesModule: GraphQLModule = { typeDefs: rebatesTypeDefs, resolvers: rebatesResolvers, access: rebatesOperationAccess };
