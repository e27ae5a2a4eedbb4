import { roles, type Access } from '../../auth/access';
import type { GraphQLModule } from '../../graphql/graphql-module';
import type { ResolverMap } from '../../graphql/schema';
import { backOfficeDashboard } from './dashboard.service';

const typeDefs = /* GraphQL */ `
  "A count of work on the dashboard, and the list (resource and filter) it opens"
  type DashboardTile {
    key: String!
    label: String!
    resource: String!
    filter: JSON!
    "work, contracts or system"
    section: String!
    count: Int!
  }
  type DashboardDebtBucket {
    label: String!
    contracts: Int!
    owedPence: Int!
  }
  type DashboardFinance {
    "Statements issued this calendar month"
    billedPence: Int!
    "Payments taken this calendar month"
    collectedPence: Int!
    "What tenants owe, by days since their last payment"
    debt: [DashboardDebtBucket!]!
  }
  type BackOfficeDashboard {
    "The system's current date"
    today: String!
    "Only the counts the caller's role may open"
    tiles: [DashboardTile!]!
    "Null unless the role reads billing and payments"
    finance: DashboardFinance
  }
  extend type Query {
    "The day's work for the X-Group-ID group"
    backOfficeDashboard: BackOfficeDashboard!
  }
`;

const resolvers: ResolverMap = {
  Query: {
    backOfficeDashboard: (_p, _args, { db, user, groupId }) => backOfficeDashboard({ db, user: user!, groupId }),
  },
};

// Each tile checks its own list's READ; any back-office or partner account may ask.
const access: Record<string, Access> = { 'Query.backOfficeDashboard': roles('backoffice', 'partner') };

export const dashboardModule: GraphQLModule = { typeDefs, resolvers, access };
