import type { GraphQLModule } from '../../graphql/graphql-module';
import { PUBLIC, type Access } from '../../auth/access';
import type { Resolver, ResolverMap } from '../../graphql/schema';
import { publicQuote, type PublicQuoteInput } from './public-quote.service';
import { savePublicQuote } from './save-public-quote.service';

/*
 * The public site's quote (the first step of sign-up): anyone may ask, limited per address; amounts are a
 * tenant's share in pence; a visitor may have it saved and e-mailed. Staff price and save quotes through `quote`
 * and `createWeeklyQuote`.
 */
export const publicQuoteTypeDefs = /* GraphQL */ `
  "What a visitor says about the house. Every field is checked by the server; a missing one is a field error."
  input PublicQuoteInput {
    postcode: String
    "Defaults to the number of tenants"
    bedrooms: Int
    "1 to 12"
    numberOfTenants: Int
    "Of electric, gas, water, broadband, tv_licence: electricity or gas plus at least one more"
    services: [String!]
    "400, 600, 800 or 1000 (Mbps), when broadband is chosen"
    broadbandSpeed: String
    "PLAN (default: the plans side by side) or BILL"
    billingType: String
    "YYYY-MM-DD; default the next 1 September at least two weeks away"
    startDate: String
    "YYYY-MM-DD, inclusive; default a year from the start"
    endDate: String
    "MONTHLY (default), QUARTERLY or TRIANNUAL"
    paymentFrequency: String
  }
  "One service of an option, as one tenant's share (pence)."
  type PublicQuoteLine {
    "electric, gas, water, broadband or tv_licence"
    service: String!
    weeklyPerTenantPence: Int!
    monthlyPerTenantPence: Int!
    "Energy: the house's yearly use (kWh) the price assumes"
    estimatedAnnualKwh: Int
    "Energy: the plan's yearly allowance for the house (kWh); null when none or unlimited"
    allowanceKwh: Int
  }
  "A plan (or BILL) priced for the house."
  type PublicQuoteOption {
    "GREENSAVER, LITE or UNLIMITED; null for BILL"
    planType: String
    weeklyPerTenantPence: Int!
    monthlyPerTenantPence: Int!
    instalmentPerTenantPence: Int!
    instalmentsPerYear: Int!
    houseTotalPence: Int!
    lines: [PublicQuoteLine!]!
  }
  type PublicQuote {
    postcode: String!
    regionName: String!
    bedrooms: Int!
    numberOfTenants: Int!
    billingType: String!
    paymentFrequency: String!
    "The dates priced (the defaults when none were given)"
    startDate: String!
    endDate: String!
    days: Int!
    options: [PublicQuoteOption!]!
  }
  type SavedPublicQuote {
    "Where the quote was sent"
    email: String!
    "The weekly quotes kept (one per plan)"
    saved: Int!
  }
  extend type Query {
    "Prices the house for a visitor: the plans side by side (nothing is saved)"
    publicQuote(input: PublicQuoteInput!): PublicQuote!
  }
  extend type Mutation {
    "Keeps the visitor's quote (priced again here) and e-mails it to them; the same quote to the same address once"
    savePublicQuote(input: PublicQuoteInput!, email: String!): SavedPublicQuote!
  }
`;

export const publicQuoteResolvers: ResolverMap = {
  Query: {
    publicQuote: ((_parent, { input }, { db, ip }) => publicQuote(db, input, ip)) satisfies Resolver<{ input: PublicQuoteInput }>,
  },
  Mutation: {
    savePublicQuote: ((_parent, { input, email }, { db, boss, ip, config }) => savePublicQuote(db, boss, { ...input, email }, { ip, baseUrl: config.baseUrl, siteName: config.siteName })) satisfies Resolver<{ input: PublicQuoteInput; email: string }>,
  },
};

export const publicQuoteOperationAccess: Record<string, Access> = { 'Query.publicQuote': PUBLIC, 'Mutation.savePublicQuote': PUBLIC };

export const publicQuoteModule: GraphQLModule = { typeDefs: publicQuoteTypeDefs, resolvers: publicQuoteResolvers, access: publicQuoteOperationAccess };
