import type { GraphQLModule } from '../../graphql/graphql-module';
import { PUBLIC, type Access } from '../../auth/access';
import type { ResolverMap } from '../../graphql/schema';
import { readSystemCurrentDate } from './read-current-date.service';
import { readEnabledFeatures } from './read-system-settings.service';

export const settingsTypeDefs = /* GraphQL */ `
  extend type Query {
    "Names of the feature flags that are switched on (directDebitFO, unlimitedFO, quotingFO, automatedBilling)."
    getEnabledFeatures: [String!]!
    "Today's date in Europe/London as YYYY-MM-DD (the override date when date overriding is enabled)."
    getSystemCurrentDate: String!
  }
`;

export const settingsResolvers: ResolverMap = {
  Query: {
    getEnabledFeatures: (_parent, _args, { db }) => readEnabledFeatures(db),
    getSystemCurrentDate: (_parent, _args, { db }) => readSystemCurrentDate(db),
  },
};

export const settingsOperationAccess: Record<string, Access> = {
  'Query.getEnabledFeatures': PUBLIC,
  'Query.getSystemCurrentDate': PUBLIC,
};

export const settingsModule: GraphQLModule = { typeDefs: settingsTypeDefs, resolvers: settingsResolvers, access: settingsOperationAccess };
