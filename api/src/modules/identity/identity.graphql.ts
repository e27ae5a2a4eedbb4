import type { GraphQLModule } from '../../graphql/graphql-module';
import { PUBLIC, SIGNED_IN, backoffice, roles, type Access } from '../../auth/access';
import { DomainError } from '../../errors/domain-error';
import { isRecordId } from '../../rules';
import { recordAuthEvent } from '../../auth/auth-events';
import { revokeSession } from '../../auth/sessions';
import type { GraphQLContext } from '../../graphql/context';
import { Kind, type GraphQLResolveInfo } from 'graphql';
import type { ResolverMap } from '../../graphql/schema';
import { changePassword, type ChangePasswordInput } from './change-password.service';
import { login, type LoginInput } from './login.service';
import { isResetLinkValid, requestPasswordReset, resetPassword } from './password-reset.service';
import { readCurrentAgent } from './current-agent.service';
import { inviteTenant } from './invite-tenant.service';

export const identityTypeDefs = /* GraphQL */ `
  enum SignInKind {
    tenant
    agent
    backoffice
  }
  enum TenantPortal {
    MY_ACCOUNT
    ENERGY_BILL
  }
  input LoginInput {
    email: String!
    password: String!
    "Which sign-in page: tenant (/signin/tenant), agent (/signin/agent), backoffice (/admin-signin); none for /signin."
    userRole: SignInKind
    "The tenant portal signed in to (My account, or My Energy Bill); My account when omitted."
    portal: TenantPortal
  }
  type Auth {
    jwtToken: String!
  }
  type CurrentUser {
    id: Int!
    email: String!
    firstName: String!
    lastName: String!
  }
  type LoginPayload {
    auth: Auth!
    role: String!
    user: CurrentUser!
  }
  type TokenPayload {
    auth: Auth!
  }
  input ChangePasswordInput {
    currentPassword: String!
    password: String!
    confirmPassword: String!
  }
  input RequestPasswordResetInput {
    email: String!
  }
  input ResetPasswordInput {
    token: String!
    password: String!
    confirmPassword: String!
  }
  type AgencyInfo {
    id: Int!
    name: String!
    isActive: Boolean!
  }
  type AgentAgencyNode {
    "The agency is a root account (not a branch): its agents may manage the agency's agents"
    rootAccount: Boolean!
    "FULL, VIEW_ONLY or NO_ACCESS: what the agency's agents may do in the agent portal"
    portalPermissions: String!
    agencyInfo: AgencyInfo!
  }
  type AgentCity {
    id: Int!
    city: String!
  }
  type AgencyViewChild {
    id: Int!
    name: String!
    isActive: Boolean!
  }
  type AgencyView {
    id: Int!
    name: String!
    isActive: Boolean!
    "The agency's branches, shown and scoped with it"
    children: [AgencyViewChild!]!
  }
  type AgentAgencyNodes {
    nodes: [AgentAgencyNode!]!
  }
  type CurrentAgent {
    id: Int!
    isFO: Boolean!
    city: AgentCity
    agencies: AgentAgencyNodes!
    agencyView: [AgencyView!]!
  }

  extend type Query {
    "An array: the role first, then the user id and the token options (user_permissions)."
    checkAuth: [JSON!]!
    currentUser: CurrentUser!
    currentAgent: CurrentAgent!
    isPasswordResetLinkValid(token: String!): Boolean!
  }
  extend type Mutation {
    login(input: LoginInput!): LoginPayload!
    logout: Boolean!
    changePassword(input: ChangePasswordInput!): TokenPayload!
    requestPasswordReset(input: RequestPasswordResetInput!): Boolean!
    resetPassword(input: ResetPasswordInput!): Boolean!
    "Sends a tenant of the X-Group-ID group the welcome e-mail with a link to choose a password; returns the address"
    inviteTenant(tenantId: ID!): String!
  }
`;

const tokenContext = ({ tokenSecret, config, ip }: GraphQLContext) => ({
  secret: tokenSecret,
  ttlSeconds: config.tokenTtlSeconds,
  ip,
  production: config.env === 'production',
});

const countedRequests = new WeakSet<object>();

/**
 * The other sign-ins aliased into the same request, counted once, at the first that runs: the first
 * refusal ends the request (the payload is non-null), so each alias would otherwise go uncounted.
 */
function otherSignInsOf(context: object, info: GraphQLResolveInfo): number {
  if (countedRequests.has(context)) return 0;
  countedRequests.add(context);
  return info.operation.selectionSet.selections.filter((selection) => selection.kind === Kind.FIELD && selection.name.value === 'login').length - 1;
}

export const identityResolvers: ResolverMap = {
  Query: {
    checkAuth: (_parent, _args, { user }) => [user!.role, user!.id, { user_permissions: user!.permissions }],
    currentUser: (_parent, _args, { user }) => ({ id: user!.id, email: user!.email, firstName: user!.firstName, lastName: user!.lastName }),
    currentAgent: (_parent, _args, { db, user }) => readCurrentAgent(db, user!),
    isPasswordResetLinkValid: (_parent, { token }: { token: string }, { db }) => isResetLinkValid(db, token),
  },
  Mutation: {
    login: (_parent, { input }: { input: LoginInput }, context, info) =>
      login(context.db, input, { ...tokenContext(context), otherAttemptsInRequest: otherSignInsOf(context, info) }),
    logout: async (_parent, _args, { db, user, ip }) => {
      await revokeSession(db, user!.sessionId);
      await recordAuthEvent(db, 'LOGOUT', { userId: user!.id, email: user!.email, ip });
      return true;
    },
    changePassword: (_parent, { input }: { input: ChangePasswordInput }, context) => changePassword(context.db, context.user!, input, tokenContext(context)),
    requestPasswordReset: async (_parent, { input }: { input: { email: string } }, { db, boss, ip, config }) =>
      (await requestPasswordReset(db, boss, input, { ip, baseUrl: config.baseUrl, siteName: config.siteName })).sent,
    resetPassword: async (_parent, { input }: { input: { token: string; password: string; confirmPassword: string } }, { db, ip, config }) =>
      (await resetPassword(db, input, { ip, production: config.env === 'production' })).reset,
    inviteTenant: async (_parent, { tenantId }: { tenantId: string }, { db, boss, user, groupId, config }) => {
      if (groupId === null) throw DomainError.invalid([{ field: 'X-Group-ID', rule: 'required', message: 'A tenant is invited in a group: send the X-Group-ID header' }]);
      if (!isRecordId(tenantId)) throw DomainError.invalid([{ field: 'tenantId', rule: 'id', message: 'must be a record id' }]);
      return (await inviteTenant(db, boss, user!, groupId, Number(tenantId), { baseUrl: config.baseUrl })).email;
    },
  },
};

export const identityOperationAccess: Record<string, Access> = {
  'Mutation.login': PUBLIC,
  'Query.checkAuth': SIGNED_IN,
  'Query.currentUser': SIGNED_IN,
  'Mutation.logout': SIGNED_IN,
  'Mutation.changePassword': SIGNED_IN,
  'Mutation.requestPasswordReset': PUBLIC,
  'Query.isPasswordResetLinkValid': PUBLIC,
  'Mutation.resetPassword': PUBLIC,
  'Mutation.inviteTenant': backoffice('customers', 'WRITE'),
  'Query.currentAgent': roles('agent'),
};

export const identityModule: GraphQLModule = { typeDefs: identityTypeDefs, resolvers: identityResolvers, access: identityOperationAccess };
