import { roles, type Access } from '../../auth/access';
import { DomainError } from '../../errors/domain-error';
import type { GraphQLModule } from '../../graphql/graphql-module';
import type { ResolverMap } from '../../graphql/schema';
import { brandLogoPath } from './brand-logo';
import { groupBrand } from './group-brand';

const typeDefs = /* GraphQL */ `
  "A group's brand, as its customers see it"
  type GroupBrand {
    groupId: ID!
    "The name on statements, e-mails and the back office's bar"
    name: String!
    "The group's own name (the group switcher's)"
    groupName: String!
    "#rrggbb"
    colour: String!
    supportEmail: String
    "The logo's address (an image anyone may load), or null when the group has none"
    logoUrl: String
  }
  extend type Query {
    "The X-Group-ID group's brand: the back office wears it"
    groupBrand: GroupBrand!
  }
`;

const resolvers: ResolverMap = {
  Query: {
    groupBrand: async (_p, _args, { db, groupId }) => {
      if (groupId === null) throw DomainError.invalid([{ field: 'X-Group-ID', rule: 'required', message: 'A brand is a group’s: send the X-Group-ID header' }]);
      const { logo, ...brand } = await groupBrand(db, groupId);
      return { ...brand, logoUrl: logo ? brandLogoPath(brand.groupId, logo.uploadId) : null };
    },
  },
};

// The X-Group-ID header is checked against the caller's groups before any resolver; any staff account may ask.
const access: Record<string, Access> = { 'Query.groupBrand': roles('backoffice', 'partner') };

export const brandModule: GraphQLModule = { typeDefs, resolvers, access };
