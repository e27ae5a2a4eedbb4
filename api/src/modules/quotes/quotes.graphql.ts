import type { GraphQLModule } from '../../graphql/graphql-module';
import { backoffice, type Access } from '../../auth/access';
import type { Resolver, ResolverMap } from '../../graphql/schema';
import type { QuoteInput } from '../../rules/quote';
import { computeQuote, createWeeklyQuote } from './quotes.service';

/*
 * Quotes: `quote` prices a house's bills without saving (quotes READ); `createWeeklyQuote` prices and saves
 * one, for a house contract when named (quotes WRITE). Saved quotes are listed through the catalogue
 * (allWeeklyQuotes); the prices besides tariffs are the catalogue's QuotePrice rows.
 */
export const quotesTypeDefs = /* GraphQL */ `
  "What to quote. Every field is checked by the server, so a missing one comes back as a field error."
  input QuoteInput {
    "UK postcode of the house; its area gives the electricity region"
    postcode: String
    "One of _A … _P: only for a house whose region differs from its postcode area's"
    region: String
    bedrooms: Int
    numberOfTenants: Int
    "1 to the number of bedrooms (defaults to the number of tenants)"
    customersSharing: Int
    "Of electric, gas, water, broadband, tv_licence: electricity or gas plus at least one more"
    services: [String!]
    "400, 600, 800 or 1000 (Mbps), when broadband is chosen"
    broadbandSpeed: String
    "GREENSAVER, UNLIMITED or LITE (required for PLAN billing)"
    planType: String
    "PLAN or BILL"
    billingType: String
    "LOW, MEDIUM or HIGH"
    energyUseType: String
    "ELEC_ONLY, GAS_ONLY or DUAL: must match the energy services chosen"
    supplyType: String
    "METERED (default) or RATEABLE"
    waterBillingType: String
    "FIXED (default) or VARIABLE"
    term: String
    "YYYY-MM-DD"
    startDate: String
    "YYYY-MM-DD, inclusive"
    endDate: String
    "MONTHLY, QUARTERLY or TRIANNUAL"
    paymentFrequency: String
    "A margin type (default STANDARD)"
    marginType: String
  }
  "The tariff in force over part of the contract."
  type QuoteTariffPeriod {
    tariffId: ID!
    name: String!
    startDate: String!
    endDate: String!
    days: Int!
    rateType: String!
    "Pence per kWh (day rate for DN)"
    unitRate: Float!
    nightUnitRate: Float
    "Pence per day"
    standingCharge: Float!
  }
  "One service of a quote; amounts in pence."
  type QuoteLine {
    utilityType: String!
    label: String!
    "Usage estimate priced on, kWh a year"
    annualKwh: Int
    "kWh over the contract's days"
    estimatedKwh: Float
    "Energy use the estimate is for"
    pricedOn: String
    "The plan's annual energy allowance, kWh (null: none, or unlimited)"
    allowanceKwh: Int
    "Pence per kWh (averaged by days, and by the night share for DN)"
    unitRate: Float
    "Pence per day (averaged by days)"
    standingCharge: Float
    days: Int!
    tariffs: [QuoteTariffPeriod!]!
    costPence: Int!
    marginBasisPoints: Int!
    marginPence: Int!
    vatBasisPoints: Int!
    vatPence: Int!
    totalPence: Int!
  }
  "A priced quote; amounts in pence."
  type Quote {
    postcode: String!
    region: String!
    regionName: String!
    bedrooms: Int!
    numberOfTenants: Int!
    customersSharing: Int!
    services: [String!]!
    broadbandSpeed: String
    planType: String
    billingType: String!
    energyUseType: String!
    supplyType: String!
    waterBillingType: String!
    startDate: String!
    endDate: String!
    days: Int!
    paymentFrequency: String!
    marginType: String!
    marginBasisPoints: Int!
    lines: [QuoteLine!]!
    "The house over the whole contract"
    houseTotalPence: Int!
    "The house a week (annual equivalent ÷ 52)"
    houseWeeklyPence: Int!
    perTenantTotalPence: Int!
    "The headline: per tenant a week"
    weeklyPerTenantPence: Int!
    "Weekly × 52 / 12"
    monthlyPerTenantPence: Int!
    instalmentsPerYear: Int!
    instalmentPerTenantPence: Int!
  }
  extend type Query {
    "Prices a quote without saving it"
    quote(input: QuoteInput!): Quote!
  }
  extend type Mutation {
    "Prices and saves a weekly quote (one per house contract and period)"
    createWeeklyQuote(input: QuoteInput!, houseContractId: ID): WeeklyQuote!
  }
`;

type QuoteArgs = { input: QuoteInput; houseContractId?: string | null };

export const quotesResolvers: ResolverMap = {
  Query: {
    quote: ((_parent, { input }, { db }) => computeQuote(db, input)) satisfies Resolver<QuoteArgs>,
  },
  Mutation: {
    createWeeklyQuote: ((_parent, { input, houseContractId }, { db, user, groupId }) => createWeeklyQuote({ db, user: user!, groupId }, input, houseContractId ?? null)) satisfies Resolver<QuoteArgs>,
  },
};

export const quotesOperationAccess: Record<string, Access> = {
  'Query.quote': backoffice('quotes', 'READ'),
  'Mutation.createWeeklyQuote': backoffice('quotes', 'WRITE'),
};

export const quotesModule: GraphQLModule = { typeDefs: quotesTypeDefs, resolvers: quotesResolvers, access: quotesOperationAccess };
