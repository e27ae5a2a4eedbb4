import { roles, type Access } from '../../auth/access';
import type { GraphQLModule } from '../../graphql/graphql-module';
import type { Resolver, ResolverMap } from '../../graphql/schema';
import { tenantAccount } from './account.service';
import { requestBroadbandUpgrade, tenantBroadband } from './broadband.service';
import { setEndOfContractChoice } from './end-of-contract.service';
import { tenantEnergyUse } from './energy-use.service';
import { tenantHouse } from './house.service';
import { submitTenantReading, tenantMeters, type TenantReadingInput } from './meters.service';
import { tenantReferral } from './referral.service';
import { getUserContracts } from './user-contracts.service';

/*
 * The tenant area's calls (specification §2.5, §7). Every one resolves the caller's own tenant from the token;
 * a contract id, meter id or photo id in the request is only looked up among the caller's own, so another
 * tenant's is "not found". Payment taking (cards, Direct Debit, single payment) is the payments module's.
 */
const typeDefs = /* GraphQL */ `
  type TenantAddress {
    id: Int!
    streetName: String!
    address2: String
    cityName: String!
    county: String
    postCode: String!
    valid: Boolean!
  }
  type TenantHouse {
    id: Int!
    bedrooms: Int!
    address: TenantAddress!
  }
  type TenantService {
    id: Int!
    utilityType: String!
    utilityStatus: String!
    changeStatus: String
    broadbandSpeed: String
    broadbandChange: String
    requestedBroadbandSpeed: String
    startDate: String
    endDate: String
  }
  type TenantHouseContract {
    id: Int!
    signUpDate: String!
    endDate: String!
    status: String!
    numberOfTenants: Int!
    customersSharing: Int!
    calcUsingBedrooms: Boolean!
    planType: String
    billingType: String!
    house: TenantHouse!
    services: [TenantService!]!
  }
  "A tenant contract (specification §3 'User contract'); period is PREVIOUS, CURRENT or FUTURE (§4)"
  type UserContract {
    id: Int!
    tenantId: Int!
    startDate: String!
    endDate: String!
    signUpDate: String!
    eoyAction: String
    status: String!
    paymentMethod: String!
    planType: String
    billingType: String!
    address: String!
    period: String!
    houseContract: TenantHouseContract!
  }
  type TenantCurrentUser {
    id: Int!
    email: String!
    firstName: String!
    lastName: String!
    "A My Energy Bill customer"
    isEnergyBill: Boolean!
  }
  type UserContracts {
    currentUser: TenantCurrentUser!
    contracts: [UserContract!]!
    sortedCurrentAndPreviousContracts: [UserContract!]!
    "Whether the menu offers Energy Usage Graphs (a current capped plan)"
    hasEnergyUseContracts: Boolean!
  }
  type TenantLedgerLine {
    id: Int!
    date: String!
    kind: String!
    description: String!
    amountPence: Int!
    balancePence: Int!
    billId: Int
  }
  type TenantUpcomingCharge {
    id: Int!
    date: String!
    kind: String!
    description: String!
    amountPence: Int!
  }
  type TenantStatement {
    id: Int!
    kind: String!
    state: String!
    periodStart: String!
    periodEnd: String!
    issueDate: String!
    dueDate: String!
    totalPence: Int!
  }
  type TenantPaymentMethod {
    id: Int!
    kind: String!
    isActive: Boolean!
    cardLast4: String
    cardExpiryMonth: Int
    cardExpiryYear: Int
    mandateStatus: String
    mandateReference: String
    accountNumberEnding: String
  }
  type TenantSchedule {
    id: Int!
    kind: String!
    scheduleType: String!
    amountPence: Int!
    paymentDay: Int
    startDate: String!
    endDate: String
    times: Int
    status: String!
  }
  type TenantNextPayment {
    date: String!
    amountPence: Int!
    method: String!
  }
  type TenantTask {
    kind: String!
    text: String!
    link: String!
  }
  type TenantAccount {
    contract: UserContract!
    "What is owed today (negative: in credit), from the ledger"
    balancePence: Int!
    chargedPence: Int!
    paidPence: Int!
    "Newest first, each with the balance after it"
    ledger: [TenantLedgerLine!]!
    upcoming: [TenantUpcomingCharge!]!
    statements: [TenantStatement!]!
    paymentMethods: [TenantPaymentMethod!]!
    schedules: [TenantSchedule!]!
    nextPayment: TenantNextPayment
    tasks: [TenantTask!]!
  }
  type TenantHousemate {
    firstName: String!
    lastName: String!
    signed: Boolean!
    isYou: Boolean!
  }
  type TenantHouseDetails {
    contract: UserContract!
    bedrooms: Int!
    housemates: [TenantHousemate!]!
  }
  type TenantLastReading {
    register: String!
    readingDate: String!
    value: Float!
    type: String!
    status: String!
  }
  type TenantMeter {
    id: Int!
    utilityType: String!
    meterType: String!
    rateType: String!
    serialNumber: String!
    registers: [String!]!
    lastReadings: [TenantLastReading!]!
  }
  type TenantMeters {
    contractId: Int!
    canSubmit: Boolean!
    today: String!
    meters: [TenantMeter!]!
  }
  type TenantSubmittedReading {
    id: Int!
    meterId: Int!
    register: String!
    readingDate: String!
    value: Float!
    status: String!
    source: String!
  }
  input TenantReadingInput {
    contractId: Int
    meterId: Int!
    register: String
    readingDate: String!
    value: String!
    "A READING upload of the caller (POST /api/v2/tenant-area/reading-photos)"
    imageUploadId: Int
    "The tenant confirmed a reading lower than the last or implausibly high"
    confirmed: Boolean
  }
  input EndOfContractChoiceInput {
    contractId: Int
    "LEAVE, STAY or MOVE"
    choice: String!
  }
  type TenantBroadband {
    contractId: Int!
    service: TenantService
    speeds: [String!]!
  }
  input BroadbandUpgradeInput {
    contractId: Int
    speed: String!
  }
  type TenantReferral {
    code: String!
    link: String!
    usedCount: Int!
    rewardPence: Int!
    rewardsEarnedPence: Int!
  }
  type TenantUsageMonth {
    month: String!
    utilityType: String!
    kwh: Int!
    estimated: Boolean!
    allowanceKwh: Int
  }
  type TenantUtilityProjection {
    utilityType: String!
    usedKwh: Int!
    projectedKwh: Int!
    allowanceKwh: Int
    excessKwh: Int!
    unitRatePence: Float
    excessPence: Int!
  }
  type TenantBalanceProjection {
    excessPence: Int!
    finalBalancePence: Int!
    outstandingNowPence: Int!
  }
  type TenantEnergyUse {
    contractId: Int!
    planType: String
    startDate: String!
    endDate: String!
    months: [TenantUsageMonth!]!
    utilities: [TenantUtilityProjection!]!
    projection: TenantBalanceProjection!
  }
  extend type Query {
    "The caller and their contracts (filters: MY_ENERGY_USE, GIVE_METER_READING or END_OF_YEAR, alone or as a list)"
    getUserContracts(filters: JSON): UserContracts!
    "Balance, statement of account, statements, payment methods and schedule of one of the caller's contracts (default: the current one)"
    tenantAccount(contractId: Int): TenantAccount!
    tenantHouse(contractId: Int): TenantHouseDetails!
    tenantMeters(contractId: Int): TenantMeters!
    tenantBroadband(contractId: Int): TenantBroadband!
    "null when the caller has no referral code"
    tenantReferral: TenantReferral
    tenantEnergyUse(contractId: Int): TenantEnergyUse!
  }
  extend type Mutation {
    "A meter reading of the caller's house, PENDING for staff approval (source TENANT_PORTAL)"
    submitTenantMeterReading(input: TenantReadingInput!): TenantSubmittedReading!
    setEndOfContractChoice(input: EndOfContractChoiceInput!): UserContract!
    requestBroadbandUpgrade(input: BroadbandUpgradeInput!): TenantService!
  }
`;

type ContractArgs = { contractId?: number | null };

const resolvers: ResolverMap = {
  Query: {
    getUserContracts: ((_p, { filters }, { db, user }) => getUserContracts(db, user!.id, filters)) satisfies Resolver<{ filters?: unknown }>,
    tenantAccount: ((_p, { contractId }, { db, user }) => tenantAccount(db, user!.id, contractId)) satisfies Resolver<ContractArgs>,
    tenantHouse: ((_p, { contractId }, { db, user }) => tenantHouse(db, user!.id, contractId)) satisfies Resolver<ContractArgs>,
    tenantMeters: ((_p, { contractId }, { db, user }) => tenantMeters(db, user!.id, contractId)) satisfies Resolver<ContractArgs>,
    tenantBroadband: ((_p, { contractId }, { db, user }) => tenantBroadband(db, user!.id, contractId)) satisfies Resolver<ContractArgs>,
    tenantReferral: ((_p, _a, { db, user, config }) => tenantReferral(db, user!.id, config.baseUrl)) satisfies Resolver<Record<string, never>>,
    tenantEnergyUse: ((_p, { contractId }, { db, user }) => tenantEnergyUse(db, user!.id, contractId)) satisfies Resolver<ContractArgs>,
  },
  Mutation: {
    submitTenantMeterReading: (async (_p, { input }, { db, user }) => {
      const reading = await submitTenantReading(db, user!.id, input);
      return { ...reading, value: Number(reading.value) };
    }) satisfies Resolver<{ input: TenantReadingInput }>,
    setEndOfContractChoice: ((_p, { input }, { db, user }) => setEndOfContractChoice(db, user!.id, input)) satisfies Resolver<{ input: { contractId?: number | null; choice: string } }>,
    requestBroadbandUpgrade: ((_p, { input }, { db, user }) => requestBroadbandUpgrade(db, user!.id, input)) satisfies Resolver<{ input: { contractId?: number | null; speed: string } }>,
  },
};

const TENANT: Access = roles('front', 'bill-payer');
const access: Record<string, Access> = {
  'Query.getUserContracts': TENANT,
  'Query.tenantAccount': TENANT,
  'Query.tenantHouse': TENANT,
  'Query.tenantMeters': TENANT,
  'Query.tenantBroadband': TENANT,
  'Query.tenantReferral': TENANT,
  'Query.tenantEnergyUse': TENANT,
  'Mutation.submitTenantMeterReading': TENANT,
  'Mutation.setEndOfContractChoice': TENANT,
  'Mutation.requestBroadbandUpgrade': TENANT,
};

export const tenantAreaModule: GraphQLModule = { typeDefs, resolvers, access };
