import type { GraphQLModule } from '../../graphql/graphql-module';
import { backoffice, PUBLIC, roles, type Access } from '../../auth/access';
import { requestTopUp, topUpAvailability } from './top-ups.service';
import { deletePaymentSchedules } from './payment-schedules.service';
import type { Resolver, ResolverMap } from '../../graphql/schema';
import { PaymentMethod, type Refund } from '@app/db';
import { authorizeRefund, cancelRefund } from './refund.service';
import { addCard, createCheckoutSession } from './card-setup.service';
import { chargeCardOnFile } from './card-charge.service';
import { tenantContractForCaller } from './payment-scope';
import { contractPayments, sendPaymentLink } from './contract-payments.service';
import { cancelDirectDebit, payByCard } from './tenant-payments.service';

/*
 * Cards: open the group's hosted checkout to save a card (stripeCreateCheckoutSession, specification §7),
 * attach it (addCard, with the session id the checkout returns with), list the methods on file, and let staff
 * take a card payment now. Scope is checked in each resolver: a tenant acts on their own contracts only,
 * staff on contracts of their group only.
 */
export const paymentsTypeDefs = /* GraphQL */ `
  input StripeCheckoutSessionInput {
    "The tenant contract the card is for"
    tenantId: ID!
    "A page of this site to come back to; {CHECKOUT_SESSION_ID} (or ?session_id=) carries the session id"
    successUrl: String!
  }
  type CheckoutSession {
    sessionUrl: String!
    sessionId: String!
  }
  input AddCardInput {
    tenantId: ID!
    sessionId: String!
  }
  type PaymentMethodOnFile {
    id: ID!
    kind: String!
    cardProvider: String
    cardLast4: String
    cardExpiryMonth: Int
    cardExpiryYear: Int
    isActive: Boolean!
  }
  type AddedCard {
    message: String!
    paymentMethod: PaymentMethodOnFile!
  }
  input TenantCardPaymentInput {
    "The tenant's own contract"
    tenantId: ID!
    amountPence: Int!
    "Made once per payment by the page: the same key again pays nothing more"
    idempotencyKey: String!
  }
  type CardPaymentResult {
    paymentId: ID!
    "PENDING, SUBMITTED, SETTLED or FAILED"
    collectionStatus: String!
    status: String!
    amountPence: Int!
    failureReason: String
  }
  type RefundResult {
    id: ID!
    status: String!
    amountPence: Int!
    providerReference: String
  }
  type BankHolidayNode {
    id: ID!
    date: String!
    description: String
  }
  type BankHolidayConnection {
    nodes: [BankHolidayNode!]!
  }
  type TopUpAvailability {
    allowed: Boolean!
    "bank holiday, office closing or office closed; null when allowed"
    reason: String
  }
  type TopUpRequest {
    id: ID!
    status: String!
  }
  type ContractPaymentMethod {
    id: ID!
    "Card ending 4242, expires 12/2029 (Stripe); Direct Debit from 10-88-00 account ending 5628, reference …"
    description: String!
    "Active, Pending, Cancelling, Customer cancelled, Removed…"
    state: String!
    isActive: Boolean!
  }
  type ContractSchedule {
    id: ID!
    "Regular payment: £62.50 monthly on day 5"
    description: String!
    status: String!
    "The next collection dates (YYYY-MM-DD), at most three"
    nextDates: [String!]!
  }
  type ContractCollection {
    id: ID!
    collectionDate: String!
    amountPence: Int!
    "Direct Debit or Card on file"
    channel: String!
    "PENDING, SUBMITTED, SETTLED or FAILED"
    status: String!
    "2 when presented again after the bank returned it"
    attempt: Int!
    failureReason: String
  }
  type ContractRefund {
    id: ID!
    amountPence: Int!
    refundType: String!
    "ACTIVE (waiting to be paid out), PAID or CANCELLED"
    status: String!
    reason: String
    requestedOn: String!
  }
  "A tenant contract's money-in for staff: methods on file, schedules with next dates, collections, refunds"
  type ContractPayments {
    tenantContractId: ID!
    "How the contract pays, in words"
    paymentMethod: String!
    hasActiveCard: Boolean!
    methods: [ContractPaymentMethod!]!
    schedules: [ContractSchedule!]!
    "The latest 50, newest first"
    collections: [ContractCollection!]!
    refunds: [ContractRefund!]!
  }
  extend type Query {
    "Staff: the Payments tab of a tenant contract of their group"
    tenantContractPayments(tenantContractId: ID!): ContractPayments!
    "England and Wales bank holidays (the bank-holiday table), for date pickers and the top-up tooltip"
    getBankHolidays: BankHolidayConnection!
    "Whether a prepayment top-up may be asked for now, and why not"
    topUpAvailability: TopUpAvailability!
    "The payment methods on file of a tenant contract (newest first)"
    tenantPaymentMethods(tenantId: ID!): [PaymentMethodOnFile!]!
  }
  extend type Mutation {
    stripeCreateCheckoutSession(input: StripeCheckoutSessionInput!): CheckoutSession!
    "The same for any group: the hosted page of the group's card provider (Stripe for group 2, the second provider otherwise)"
    cardCreateCheckoutSession(input: StripeCheckoutSessionInput!): CheckoutSession!
    "Attaches the card saved in a completed checkout session to the tenant contract"
    addCard(input: AddCardInput!): AddedCard!
    "Charges the tenant contract's active card now; the same idempotencyKey never charges twice"
    takeCardPayment(tenantContractId: ID!, amountPence: Int!, idempotencyKey: String!): CardPaymentResult!
    "Pays an ACTIVE refund request out (through the card provider for a card payment) and posts its REFUND ledger entry"
    authorizeRefund(id: ID!): RefundResult!
    "Cancels an ACTIVE refund request"
    cancelRefund(id: ID!): RefundResult!
    "A tenant asks for a top-up of a prepayment meter of their house (office hours only)"
    requestTopUp(tenantId: ID!, meterId: ID!, amountPence: Int!): TopUpRequest!
    "Deletes payment schedules of the group, at most 100 at once; answers how many"
    deletePaymentSchedules(ids: [ID!]!): Int!
    "A tenant pays now by the card on file (single payment); the same idempotencyKey never charges twice"
    payByCard(input: TenantCardPaymentInput!): CardPaymentResult!
    "Cancels a contract's Direct Debit (a 0C goes to the bank if it was lodged); answers how many mandates ended"
    cancelDirectDebit(tenantId: ID!): Int!
    "Staff: e-mails (and notifies) the tenant a link to pay in their account; answers the address it went to"
    sendPaymentLink(tenantContractId: ID!): String!
  }
`;

const methodView = (method: PaymentMethod) => ({
  id: String(method.id),
  kind: method.kind,
  cardProvider: method.cardProvider,
  cardLast4: method.cardLast4,
  cardExpiryMonth: method.cardExpiryMonth,
  cardExpiryYear: method.cardExpiryYear,
  isActive: method.isActive,
});

const refundView = (refund: Refund) => ({ id: String(refund.id), status: refund.status, amountPence: refund.amountPence, providerReference: refund.providerReference });

export const paymentsResolvers: ResolverMap = {
  Query: {
    getBankHolidays: (async (_parent, _args, { db }) => {
      const rows: Array<{ id: number; day: string; description: string | null }> = await db('bank_holidays').orderBy('date').select('id', db.raw(`to_char(date, 'YYYY-MM-DD') AS day`), 'description');
      return { nodes: rows.map((row) => ({ id: String(row.id), date: row.day, description: row.description })) };
    }) satisfies Resolver<Record<string, never>>,
    tenantContractPayments: (async (_parent, { tenantContractId }, { db, user, groupId }) => contractPayments(db, { user, groupId }, tenantContractId)) satisfies Resolver<{ tenantContractId: string }>,
    topUpAvailability: (async (_parent, _args, { db }) => topUpAvailability(db)) satisfies Resolver<Record<string, never>>,
    tenantPaymentMethods: (async (_parent, { tenantId }, { db, user, groupId }) => {
      const contract = await tenantContractForCaller(db, user, groupId, tenantId);
      const methods = await PaymentMethod.query(db).where({ tenant_contract_id: contract.id }).orderBy('id', 'desc');
      return methods.map(methodView);
    }) satisfies Resolver<{ tenantId: string }>,
  },
  Mutation: {
    stripeCreateCheckoutSession: (async (_parent, { input }, { db, user, groupId, config }) => createCheckoutSession(db, { user, groupId, baseUrl: config.baseUrl }, input)) satisfies Resolver<{ input: { tenantId: string; successUrl: string } }>,
    cardCreateCheckoutSession: (async (_parent, { input }, { db, user, groupId, config }) => createCheckoutSession(db, { user, groupId, baseUrl: config.baseUrl }, input, { stripeOnly: false })) satisfies Resolver<{ input: { tenantId: string; successUrl: string } }>,
    addCard: (async (_parent, { input }, { db, user, groupId }) => {
      const added = await addCard(db, { user, groupId }, input);
      return { message: added.message, paymentMethod: methodView(added.paymentMethod) };
    }) satisfies Resolver<{ input: { tenantId: string; sessionId: string } }>,
    payByCard: (async (_parent, { input }, { db, user }) => {
      const payment = await payByCard(db, user, input);
      return { paymentId: String(payment.id), collectionStatus: payment.collectionStatus, status: payment.status, amountPence: payment.amountPence, failureReason: payment.failureReason };
    }) satisfies Resolver<{ input: { tenantId: string; amountPence: number; idempotencyKey: string } }>,
    cancelDirectDebit: (async (_parent, { tenantId }, { db, user, groupId }) => cancelDirectDebit(db, { user, groupId }, tenantId)) satisfies Resolver<{ tenantId: string }>,
    takeCardPayment: (async (_parent, { tenantContractId, amountPence, idempotencyKey }, { db, user, groupId }) => {
      const contract = await tenantContractForCaller(db, user, groupId, tenantContractId);
      const payment = await chargeCardOnFile(db, { tenantContractId: contract.id, amountPence, idempotencyKey: `staff:${contract.id}:${idempotencyKey}`, description: `Card payment taken by staff (user ${user!.id})` });
      return { paymentId: String(payment.id), collectionStatus: payment.collectionStatus, status: payment.status, amountPence: payment.amountPence, failureReason: payment.failureReason };
    }) satisfies Resolver<{ tenantContractId: string; amountPence: number; idempotencyKey: string }>,
    requestTopUp: (async (_parent, args, { db, user }) => {
      const row = await requestTopUp(db, user, args);
      return { id: String(row.id), status: row.status };
    }) satisfies Resolver<{ tenantId: string; meterId: string; amountPence: number }>,
    sendPaymentLink: (async (_parent, { tenantContractId }, { db, boss, user, groupId, config }) => sendPaymentLink(db, boss, { user, groupId, baseUrl: config.baseUrl }, tenantContractId)) satisfies Resolver<{ tenantContractId: string }>,
    deletePaymentSchedules: (async (_parent, { ids }, { db, groupId, user }) => deletePaymentSchedules(db, groupId, user?.id ?? null, ids)) satisfies Resolver<{ ids: string[] }>,
    authorizeRefund: (async (_parent, { id }, { db, groupId }) => refundView(await authorizeRefund(db, groupId, id))) satisfies Resolver<{ id: string }>,
    cancelRefund: (async (_parent, { id }, { db, groupId }) => refundView(await cancelRefund(db, groupId, id))) satisfies Resolver<{ id: string }>,
  },
};

/** Tenants save cards on their own contracts; staff with payments WRITE do it for contracts of their group. */
export const paymentsOperationAccess: Record<string, Access> = {
  'Query.tenantPaymentMethods': roles('front', 'bill-payer', 'backoffice'),
  'Query.getBankHolidays': PUBLIC,
  'Query.tenantContractPayments': backoffice('payments', 'READ'),
  'Mutation.sendPaymentLink': backoffice('payments', 'WRITE'),
  'Query.topUpAvailability': PUBLIC,
  'Mutation.requestTopUp': roles('front', 'bill-payer'),
  'Mutation.deletePaymentSchedules': backoffice('payments', 'WRITE'),
  'Mutation.stripeCreateCheckoutSession': roles('front', 'bill-payer', 'backoffice'),
  'Mutation.cardCreateCheckoutSession': roles('front', 'bill-payer', 'backoffice'),
  'Mutation.addCard': roles('front', 'bill-payer', 'backoffice'),
  'Mutation.takeCardPayment': backoffice('payments', 'WRITE'),
  'Mutation.payByCard': roles('front', 'bill-payer'),
  'Mutation.cancelDirectDebit': roles('front', 'bill-payer', 'backoffice'),
  'Mutation.authorizeRefund': backoffice('payments', 'WRITE', 'AUTHORIZE_REFUND'),
  'Mutation.cancelRefund': backoffice('payments', 'WRITE'),
};

export const paymentsModule: GraphQLModule = { typeDefs: paymentsTypeDefs, resolvers: paymentsResolvers, access: paymentsOperationAccess };
