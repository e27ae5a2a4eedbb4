import { roles, type Access } from '../../auth/access';
import type { GraphQLModule } from '../../graphql/graphql-module';
import type { ResolverMap } from '../../graphql/schema';
import { globalSearch } from './global-search.service';

const typeDefs = /* GraphQL */ `
  "A record the back office's search box found"
  type SearchHit {
    "The resource its page belongs to"
    resource: String!
    "The kind of record, in words"
    kind: String!
    id: ID!
    label: String!
  }
  extend type Query {
    "Houses by address or postcode, tenants by name or e-mail, agencies by name, contracts, bills and payments by reference (HC-12, TC-7, BILL-3051, PAY-88), in the X-Group-ID group"
    globalSearch(q: String!): [SearchHit!]!
  }
`;

const resolvers: ResolverMap = {
  Query: {
    globalSearch: (_p, { q }: { q: string }, { db, user, groupId }) => globalSearch({ db, user: user!, groupId }, q),
  },
};

// Each kind of record checks its own READ; any back-office or partner account may search.
const access: Record<string, Access> = { 'Query.globalSearch': roles('backoffice', 'partner') };

export const searchModule: GraphQLModule = { typeDefs, resolvers, access };
