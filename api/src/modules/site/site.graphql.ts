import type { GraphQLModule } from '../../graphql/graphql-module';
import { PUBLIC, type Access } from '../../auth/access';
import type { ResolverMap } from '../../graphql/schema';
import { findAgencyReferralByUrl } from './find-agency-referral.service';

export const siteTypeDefs = /* GraphQL */ `
  input AgencyReferralInput {
    "The page address the visitor arrived on (absolute, or a path)."
    url: String!
  }
  type AgencyReferralResult {
    "{ referralCompanyName, slug } of the referring agency, or null when the URL is no referral link."
    json: JSON
  }
  extend type Mutation {
    "The public site's header asks this once on load to show 'in partnership with' the referring agency."
    getAgencyReferralInfoByUrl(input: AgencyReferralInput!): AgencyReferralResult!
  }
`;

export const siteResolvers: ResolverMap = {
  Mutation: {
    getAgencyReferralInfoByUrl: async (_parent, { input }: { input: { url: string } }, { db }) => {
      const info = await findAgencyReferralByUrl(db, input);
      return { json: info };
    },
  },
};

export const siteOperationAccess: Record<string, Access> = {
  'Mutation.getAgencyReferralInfoByUrl': PUBLIC,
};

export const siteModule: GraphQLModule = { typeDefs: siteTypeDefs, resolvers: siteResolvers, access: siteOperationAccess };
