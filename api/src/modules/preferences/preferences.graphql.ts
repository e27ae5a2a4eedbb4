import { roles, type Access } from '../../auth/access';
import type { GraphQLModule } from '../../graphql/graphql-module';
import type { ResolverMap } from '../../graphql/schema';
import { myPreferences, setMyPreference } from './preferences.service';

const typeDefs = /* GraphQL */ `
  "A value the signed-in account keeps for itself, the same in every browser (a list's saved filters)"
  type Preference {
    "The list's saved filters: Resource.savedQueries"
    key: String!
    value: JSON
  }
  extend type Query {
    "The signed-in account's own preferences"
    myPreferences: [Preference!]!
  }
  extend type Mutation {
    "Keeps one preference of the signed-in account; a null value forgets it"
    setMyPreference(key: String!, value: JSON): Boolean!
  }
`;

const resolvers: ResolverMap = {
  Query: {
    myPreferences: (_p, _args, { db, user }) => myPreferences(db, user!),
  },
  Mutation: {
    setMyPreference: (_p, args: { key: unknown; value: unknown }, { db, user }) => setMyPreference(db, user!, args.key, args.value),
  },
};

// Staff keep their own; the account is always the caller's, so no group or record id is taken from the client.
const access: Record<string, Access> = { 'Query.myPreferences': roles('backoffice', 'partner'), 'Mutation.setMyPreference': roles('backoffice', 'partner') };

export const preferencesModule: GraphQLModule = { typeDefs, resolvers, access };
