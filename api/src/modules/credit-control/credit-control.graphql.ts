import type { GraphQLModule } from '../../graphql/graphql-module';
import { backoffice, type Access } from '../../auth/access';
import type { Resolver, ResolverMap } from '../../graphql/schema';
import { creditControlTimeline } from './case-timeline.service';
import { agreeRepaymentPlan, creditControlBoard, moveCreditControlCase } from './credit-control-cases.service';
import { previewMessageTemplate, sendTestMessage } from './template-preview.service';

/*
 * Credit control as staff work it: the board of open cases by stage, moving a case (audited, the tenant told
 * of the new stage), agreeing a payment plan, a case's timeline, and previewing or test-sending a template with
 * a real tenant's data. Every operation works within the caller's group (X-Group-ID) only.
 */
const creditControlTypeDefs = /* GraphQL */ `
  type CreditControlStageOption {
    value: String!
    label: String!
  }
  type CreditControlCard {
    id: ID!
    stage: String!
    status: String!
    tenantName: String!
    house: String
    "What the tenant owes, in pounds (e.g. £50.00)"
    debt: String!
    daysOverdue: Int!
    nextChasedDate: String
    dueToday: Boolean!
    assignedTo: String
  }
  type CreditControlBoard {
    today: String!
    stages: [CreditControlStageOption!]!
    cases: [CreditControlCard!]!
  }
  type CreditControlMove {
    id: ID!
    stage: String!
    "True when the tenant was e-mailed about the new stage"
    messageQueued: Boolean!
  }
  type RepaymentPlan {
    id: ID!
    scheduleId: ID!
    repayments: Int!
  }
  type CreditControlEvent {
    at: String!
    kind: String!
    text: String!
    by: String!
  }
  type MessagePreview {
    channel: String!
    to: String
    subject: String
    text: String!
    characters: Int!
    problems: [String!]!
  }
  extend type Query {
    "The group's open credit-control cases for the board; dueToday: only those whose next chased date is today or past"
    creditControlBoard(dueToday: Boolean): CreditControlBoard!
    "A case's messages, payments and changes, newest first"
    creditControlTimeline(caseId: ID!): [CreditControlEvent!]!
    "A template filled in with a tenant contract's data (subject and body: the text being edited, if given)"
    previewMessageTemplate(id: ID!, tenantContractId: ID!, subject: String, body: String): MessagePreview!
  }
  extend type Mutation {
    "Moves a case to another stage (audited); the tenant gets the stage e-mail once per stage"
    moveCreditControlCase(id: ID!, stage: String!): CreditControlMove!
    "Agrees a monthly repayment plan: a REGULAR_PAYMENT schedule, the case DEBT_SCHEDULE_AGREED (the ladder pauses)"
    agreeRepaymentPlan(caseId: ID!, amountPence: Int!, firstPaymentDate: String!, repaymentType: String!): RepaymentPlan!
    "E-mails the template's preview to the caller's own address; answers the address"
    sendTestMessage(id: ID!, tenantContractId: ID!, subject: String, body: String): String!
  }
`;

const creditControlResolvers: ResolverMap = {
  Query: {
    creditControlBoard: (async (_parent, { dueToday }, { db, user, groupId }) => creditControlBoard(db, { user, groupId }, { dueToday })) satisfies Resolver<{ dueToday?: boolean | null }>,
    creditControlTimeline: (async (_parent, { caseId }, { db, user, groupId }) => creditControlTimeline(db, { user, groupId }, caseId)) satisfies Resolver<{ caseId: string }>,
    previewMessageTemplate: (async (_parent, args, { db, user, groupId, config }) => previewMessageTemplate(db, { user, groupId, payLinkBase: config.baseUrl }, args)) satisfies Resolver<{ id: string; tenantContractId: string; subject?: string | null; body?: string | null }>,
  },
  Mutation: {
    moveCreditControlCase: (async (_parent, args, { db, boss, user, groupId, config }) => moveCreditControlCase(db, boss, { user, groupId, payLinkBase: config.baseUrl }, args)) satisfies Resolver<{ id: string; stage: string }>,
    agreeRepaymentPlan: (async (_parent, args, { db, user, groupId }) => agreeRepaymentPlan(db, { user, groupId }, args)) satisfies Resolver<{ caseId: string; amountPence: number; firstPaymentDate: string; repaymentType: string }>,
    sendTestMessage: (async (_parent, args, { db, boss, user, groupId, config }) => sendTestMessage(db, boss, { user, groupId, payLinkBase: config.baseUrl }, args)) satisfies Resolver<{ id: string; tenantContractId: string; subject?: string | null; body?: string | null }>,
  },
};

const creditControlAccess: Record<string, Access> = {
  'Query.creditControlBoard': backoffice('creditControl', 'READ'),
  'Query.creditControlTimeline': backoffice('creditControl', 'READ'),
  'Query.previewMessageTemplate': backoffice('creditControl', 'READ'),
  'Mutation.moveCreditControlCase': backoffice('creditControl', 'WRITE'),
  'Mutation.agreeRepaymentPlan': backoffice('creditControl', 'WRITE'),
  'Mutation.sendTestMessage': backoffice('creditControl', 'WRITE'),
};

export const creditControlModule: GraphQLModule = { typeDefs: creditControlTypeDefs, resolvers: creditControlResolvers, access: creditControlAccess };
