import type { GraphQLModule } from '../../graphql/graphql-module';
import { PUBLIC, roles, type Access } from '../../auth/access';
import type { GraphQLContext } from '../../graphql/context';
import type { ResolverMap } from '../../graphql/schema';
import { readSystemCurrentDate } from '../settings/read-current-date.service';
import { inviteAgencyAgent, listAgencyAgents, removeAgencyAgent, updateOwnAgentDetails } from './agency-agents.service';
import { readAgentBillPackages } from './agent-bill-packages.service';
import { agentChangePackage, agentPackageOptions } from './agent-change-package.service';
import { createAgencyLead, type AgencyLeadInput } from './agency-lead.service';
import { readAgentDashboard } from './agent-dashboard.service';
import { listAgentProperties, type PropertiesFilter } from './agent-properties.service';
import { readPortfolioUsage, type PortfolioUsageFilter } from './agent-portfolio-usage.service';
import { readAgentProperty } from './agent-property.service';
import { submitAgentReading, type AgentReadingInput } from './agent-reading.service';
import { resolveAgentScope } from './agent-scope.service';
import { listAgencyUsageReports, requestAgencyUsageReport } from './agent-usage-reports.service';

/*
 * The agent portal's data. Every operation takes the selected agency (`agencyId`, what the site keeps as
 * selectedAgency); the server checks it is one of the agent's, uses the first agency for agents who are not
 * front-office, and reaches the agency's branches too. Houses and meters outside that scope are "not found".
 */
export const agentPortalTypeDefs = /* GraphQL */ `
  type AgentCount {
    key: String!
    count: Int!
  }
  type AgentAddress {
    streetName: String!
    address2: String
    cityName: String!
    county: String
    postCode: String!
  }
  type AgentServiceState {
    utilityType: String!
    utilityStatus: String!
  }
  type AgentDatedHouse {
    id: Int!
    houseId: Int!
    address: String!
    date: String
    billingStatus: String
    lastReadingDate: String
  }
  type AgentDatedHouses {
    total: Int!
    nodes: [AgentDatedHouse!]!
  }
  type AgentTenantsToSign {
    houseId: Int!
    address: String!
    names: [String!]!
  }
  type AgentAction {
    kind: String!
    houseId: Int!
    text: String!
  }
  type AgentDashboard {
    agencyId: Int!
    agencyName: String!
    canEdit: Boolean!
    housesByStatus: [AgentCount!]!
    "Current contracts by agency house contract status (VOID_PERIOD, TENANT_PAYING, BILLS_INCLUSIVE, NOT_SET)"
    contractsByAgencyStatus: [AgentCount!]!
    contractsStarting: AgentDatedHouses!
    contractsEnding: AgentDatedHouses!
    readingsDue: AgentDatedHouses!
    billingIssues: AgentDatedHouses!
    tenantsToSign: [AgentTenantsToSign!]!
    actions: [AgentAction!]!
  }
  type AgentPropertyContract {
    id: Int!
    status: String!
    signUpDate: String!
    endDate: String!
    billingType: String!
    planType: String
    agencyHouseContractStatus: String
    tenantsExpected: Int!
    tenantsSigned: Int!
    services: [AgentServiceState!]!
  }
  type AgentPropertyRow {
    id: Int!
    address: AgentAddress!
    status: String!
    bedrooms: Int!
    currentContract: AgentPropertyContract
  }
  type AgentPropertyList {
    total: Int!
    page: Int!
    perPage: Int!
    nodes: [AgentPropertyRow!]!
  }
  enum AgentPropertySort {
    ADDRESS
    CITY
    STATUS
    CONTRACT_START
    CONTRACT_END
  }
  type AgentTenantContract {
    id: Int!
    name: String!
    status: String!
    startDate: String!
    endDate: String!
    period: String!
  }
  type AgentService {
    id: Int!
    utilityType: String!
    utilityStatus: String!
  }
  type AgentHouseContract {
    id: Int!
    "PREVIOUS, CURRENT or FUTURE"
    period: String!
    status: String!
    signUpDate: String!
    endDate: String!
    billingType: String!
    planType: String
    agencyHouseContractStatus: String
    numberOfTenants: Int!
    services: [AgentService!]!
    tenantContracts: [AgentTenantContract!]!
  }
  type AgentMeter {
    id: Int!
    utilityType: String
    serialNumber: String!
    meterType: String!
    rateType: String!
    isActive: Boolean!
  }
  type AgentSupply {
    id: Int!
    utilityType: String!
    "The MPAN (electricity) or MPRN (gas)"
    mpxn: String!
    supplierName: String!
    startDate: String!
    endDate: String!
    meters: [AgentMeter!]!
  }
  type AgentReading {
    id: ID!
    meterId: Int!
    serialNumber: String
    utilityType: String
    readingDate: String!
    register: String!
    value: String!
    source: String!
    status: String!
    hasPhoto: Boolean!
  }
  type AgentProperty {
    id: Int!
    address: AgentAddress!
    status: String!
    bedrooms: Int!
    canEdit: Boolean!
    contracts: [AgentHouseContract!]!
    supplies: [AgentSupply!]!
    meters: [AgentMeter!]!
    readings: [AgentReading!]!
  }
  input AgentPhotoInput {
    fileName: String!
    contentType: String!
    base64: String!
  }
  input AgentReadingInput {
    meterId: Int!
    readingDate: String!
    register: String
    value: String!
    confirmed: Boolean
    photo: AgentPhotoInput
  }

  input AgentSignupInput {
    agencyName: String!
    contactName: String!
    email: String!
    phone: String
    cityName: String
  }
  type AgentSignupPayload {
    id: Int!
    "NEW"
    stage: String!
  }

  type AgencyAgent {
    id: Int!
    firstName: String!
    lastName: String!
    email: String!
    isYou: Boolean!
  }
  type AgentSettings {
    agencyId: Int!
    agencyName: String!
    email: String
    phone: String
    streetName: String
    cityName: String
    postCode: String
    "The selected agency is a root account with full permissions: its agents may be invited and removed here"
    canManageAgents: Boolean!
    agents: [AgencyAgent!]!
  }
  input AgencyAgentInvite {
    email: String!
    firstName: String!
    lastName: String!
  }

  type AgentBillPackage {
    "GREENSAVER, LITE or UNLIMITED"
    planType: String!
    name: String!
    "The example house's price per tenant; null when the agency's postcode cannot be priced online"
    weeklyPerTenantPence: Int
    monthlyPerTenantPence: Int
    "The example house's yearly energy allowance in kWh (electricity and gas); null: no cap"
    allowanceKwh: Int
    "The agency's houses whose current contract is on this plan"
    currentHouses: Int!
  }
  type AgentBillPackages {
    agencyId: Int!
    agencyName: String!
    "The agency's quote link (a path on this site): its visitors see 'in partnership with' the agency"
    quotePath: String!
    "Where the example house is priced (the agency's postcode); null when it could not be"
    examplePostcode: String
    quotingOnline: Boolean!
    packages: [AgentBillPackage!]!
  }

  type AgentUtilityUsage {
    "electric or gas"
    utilityType: String!
    "kWh used in the period; null when no meter has two usable reads in it"
    usedKwh: Int
    "What the plan's allowance covers for the contract days in the period; null: no allowance"
    allowanceKwh: Int
    estimated: Boolean!
    "A meter had no usable pair of reads: part of the period is missing"
    incomplete: Boolean!
  }
  "A contract of the house in the period, its days within the period"
  type AgentUsageContract {
    billingType: String!
    planType: String
    fromDate: String!
    toDate: String!
  }
  type AgentHouseUsage {
    houseId: Int!
    address: AgentAddress!
    contracts: [AgentUsageContract!]!
    utilities: [AgentUtilityUsage!]!
  }
  type AgentPortfolioUsage {
    periodStart: String!
    periodEnd: String!
    total: Int!
    page: Int!
    perPage: Int!
    nodes: [AgentHouseUsage!]!
  }

  type AgentPackageOption {
    "GREENSAVER, LITE or UNLIMITED"
    planType: String!
    "Green Saver, Lite, Unlimited"
    name: String!
    weeklyPerTenantPence: Int!
    monthlyPerTenantPence: Int!
  }
  type AgentPackageOptions {
    houseContractId: Int!
    currentPlanType: String
    "Why this contract's package cannot be changed (it has started, pays for use, a tenant already has payments, view-only access); null when it can"
    refusal: String
    "The packages priced for this house, its tenants, services and dates"
    options: [AgentPackageOption!]!
  }
  type AgentPackageChange {
    houseContractId: Int!
    planType: String!
    name: String!
    weeklyPerTenantPence: Int!
    monthlyPerTenantPence: Int!
  }

  extend type Query {
    "The packages a future house contract of the selected agency could have, priced, and whether it may change"
    agentPackageOptions(agencyId: Int, houseContractId: Int!): AgentPackageOptions!
    "Energy used per property of the selected agency in a period (default: the last twelve months) against its plan's allowance"
    agentPortfolioUsage(agencyId: Int, periodStart: String, periodEnd: String, page: Int): AgentPortfolioUsage!
    "The selected agency's latest usage reports asked for by its agents"
    agentUsageReports(agencyId: Int): [UsageReport!]!
    "The plans the selected agency offers its tenants, priced for an example house, and its quote link"
    agentBillPackages(agencyId: Int): AgentBillPackages!
    "The selected agency's details and, for a root account, its agents"
    agentSettings(agencyId: Int): AgentSettings!
    "The selected agency's portfolio at a glance"
    agentDashboard(agencyId: Int): AgentDashboard!
    "All properties of the selected agency and its branches"
    agentProperties(agencyId: Int, search: String, status: String, city: String, contractFrom: String, contractTo: String, sort: AgentPropertySort, descending: Boolean, page: Int, perPage: Int): AgentPropertyList!
    "One property of the selected agency, for its contracts, supplier, bill-packages and meter-readings tabs"
    agentProperty(agencyId: Int, propertyId: Int!): AgentProperty!
  }
  extend type Mutation {
    "A usage report (CSV) of the selected agency and its branches over a period of at most a year"
    agentRequestUsageReport(agencyId: Int, periodStart: String!, periodEnd: String!): UsageReport!
    "A meter reading for a house of the selected agency, with a photo, PENDING for staff (source AGENT_APP)"
    agentSubmitMeterReading(agencyId: Int, input: AgentReadingInput!): AgentReading!
    "Changes the package of a house contract that has not started (priced again; its tenants are told)"
    agentChangePackage(agencyId: Int, houseContractId: Int!, planType: String!): AgentPackageChange!
    "A root account invites an agent to the selected agency (an e-mail with a link to choose a password)"
    inviteAgencyAgent(agencyId: Int, input: AgencyAgentInvite!): AgencyAgent!
    "A root account removes an agent from the selected agency"
    removeAgencyAgent(agencyId: Int, agentId: Int!): Boolean!
    "The agent's own name"
    updateAgentDetails(firstName: String!, lastName: String!): AgencyAgent!
    "The agent sign-up form (/agents/signup): records an agency lead (stage NEW) and tells the partnerships team"
    agentSignup(input: AgentSignupInput!): AgentSignupPayload!
  }
`;

type WithAgency<T = object> = T & { agencyId?: number | null };
const scopeOf = async ({ db, user }: GraphQLContext, agencyId?: number | null) => ({
  scope: await resolveAgentScope(db, user!, agencyId),
  today: await readSystemCurrentDate(db),
});

export const agentPortalResolvers: ResolverMap = {
  Query: {
    agentSettings: async (_parent, { agencyId }: WithAgency, context) => {
      const { scope } = await scopeOf(context, agencyId);
      const { agency } = scope;
      return { agencyId: agency.id, agencyName: agency.name, email: agency.email, phone: agency.phone, streetName: agency.streetName, cityName: agency.cityName, postCode: agency.postCode, canManageAgents: scope.canManageAgents, agents: await listAgencyAgents(context.db, scope) };
    },
    agentDashboard: async (_parent, { agencyId }: WithAgency, context) => {
      const { scope, today } = await scopeOf(context, agencyId);
      return readAgentDashboard(context.db, scope, today);
    },
    agentProperties: async (_parent, { agencyId, ...filter }: WithAgency<PropertiesFilter>, context) => {
      const { scope, today } = await scopeOf(context, agencyId);
      return listAgentProperties(context.db, scope, today, filter);
    },
    agentPortfolioUsage: async (_parent, { agencyId, ...filter }: WithAgency<PortfolioUsageFilter>, context) => {
      const { scope, today } = await scopeOf(context, agencyId);
      return readPortfolioUsage(context.db, scope, today, filter);
    },
    agentUsageReports: async (_parent, { agencyId }: WithAgency, context) => {
      const { scope } = await scopeOf(context, agencyId);
      return listAgencyUsageReports(context.db, scope);
    },
    agentBillPackages: async (_parent, { agencyId }: WithAgency, context) => {
      const { scope, today } = await scopeOf(context, agencyId);
      return readAgentBillPackages(context.db, scope, today);
    },
    agentPackageOptions: async (_parent, { agencyId, houseContractId }: WithAgency<{ houseContractId: number }>, context) => {
      const { scope, today } = await scopeOf(context, agencyId);
      return agentPackageOptions(context.db, scope, today, houseContractId);
    },
    agentProperty: async (_parent, { agencyId, propertyId }: WithAgency<{ propertyId: number }>, context) => {
      const { scope, today } = await scopeOf(context, agencyId);
      return readAgentProperty(context.db, scope, today, propertyId);
    },
  },
  Mutation: {
    agentChangePackage: async (_parent, { agencyId, houseContractId, planType }: WithAgency<{ houseContractId: number; planType: string }>, context) => {
      const { scope, today } = await scopeOf(context, agencyId);
      return agentChangePackage(context.db, scope, today, { houseContractId, planType });
    },
    agentRequestUsageReport: async (_parent, { agencyId, periodStart, periodEnd }: WithAgency<{ periodStart: string; periodEnd: string }>, context) => {
      const { scope } = await scopeOf(context, agencyId);
      return requestAgencyUsageReport(context.db, context.boss, scope, { periodStart, periodEnd });
    },
    inviteAgencyAgent: async (_parent, { agencyId, input }: WithAgency<{ input: { email: string; firstName: string; lastName: string } }>, context) => {
      const { scope } = await scopeOf(context, agencyId);
      return inviteAgencyAgent(context.db, context.boss, scope, input, { baseUrl: context.config.baseUrl, siteName: context.config.siteName });
    },
    removeAgencyAgent: async (_parent, { agencyId, agentId }: WithAgency<{ agentId: number }>, context) => {
      const { scope } = await scopeOf(context, agencyId);
      return removeAgencyAgent(context.db, scope, agentId);
    },
    updateAgentDetails: async (_parent, input: { firstName: string; lastName: string }, context) => {
      await resolveAgentScope(context.db, context.user!);
      return updateOwnAgentDetails(context.db, context.user!, input);
    },
    agentSubmitMeterReading: async (_parent, { agencyId, input }: WithAgency<{ input: AgentReadingInput }>, context) => {
      const { scope, today } = await scopeOf(context, agencyId);
      return submitAgentReading(context.db, scope, today, input);
    },
    agentSignup: (_parent, { input }: { input: AgencyLeadInput }, { db, boss }) => createAgencyLead(db, boss, input),
  },
};

const AGENT: Access = roles('agent');
export const agentPortalOperationAccess: Record<string, Access> = {
  'Query.agentDashboard': AGENT,
  'Query.agentProperties': AGENT,
  'Query.agentProperty': AGENT,
  'Query.agentPackageOptions': AGENT,
  'Mutation.agentChangePackage': AGENT,
  'Query.agentBillPackages': AGENT,
  'Query.agentPortfolioUsage': AGENT,
  'Query.agentUsageReports': AGENT,
  'Mutation.agentRequestUsageReport': AGENT,
  'Mutation.agentSubmitMeterReading': AGENT,
  'Mutation.agentSignup': PUBLIC,
  'Query.agentSettings': AGENT,
  'Mutation.inviteAgencyAgent': AGENT,
  'Mutation.removeAgencyAgent': AGENT,
  'Mutation.updateAgentDetails': AGENT,
};

export const agentPortalModule: GraphQLModule = { typeDefs: agentPortalTypeDefs, resolvers: agentPortalResolvers, access: agentPortalOperationAccess };
