import type { GraphQLModule } from '../../graphql/graphql-module';
import { backoffice, roles, type Access } from '../../auth/access';
import { LIST_ARGUMENTS, type ListArgs } from '../../graphql/list-query';
import type { ResolverMap } from '../../graphql/schema';
import { countRoles, createRole, getRole, listRoles, updateRole, type RoleInput } from './roles.service';
import { countStaff, createStaff, getStaff, listStaff, myGroups, updateStaff, type StaffInput } from './users.service';

export const backofficeUsersTypeDefs = /* GraphQL */ `
  type ListMetadata {
    count: Int!
  }
  type BackofficeRole {
    id: ID!
    name: String!
    "STAFF (the provider's own) or PARTNER"
    accountType: String!
    "Area → NONE, READ or WRITE, for every back-office area."
    permissions: JSON!
    permissionKeys: [String!]!
    createdAt: String!
    updatedAt: String!
  }
  type BackofficeUser {
    id: ID!
    email: String!
    firstName: String!
    lastName: String!
    accountType: String!
    status: String!
    backofficeRoleId: ID!
    partnerId: ID
    "Works for every group (brand), those added later included"
    allGroups: Boolean!
    "The groups it works for when not all"
    groupIds: [ID!]!
    createdAt: String!
  }
  "A group (brand) the signed-in user may work in"
  type MyGroup {
    id: ID!
    name: String!
  }

  extend type Query {
    allBackofficeRoles(${LIST_ARGUMENTS}): [BackofficeRole!]!
    _allBackofficeRolesMeta(${LIST_ARGUMENTS}): ListMetadata!
    BackofficeRole(id: ID!): BackofficeRole!
    allBackofficeUsers(${LIST_ARGUMENTS}): [BackofficeUser!]!
    _allBackofficeUsersMeta(${LIST_ARGUMENTS}): ListMetadata!
    BackofficeUser(id: ID!): BackofficeUser!
    "The groups the signed-in back-office or partner user may name in X-Group-ID"
    myGroups: [MyGroup!]!
  }
  extend type Mutation {
    createBackofficeRole(name: String!, accountType: String, permissions: JSON, permissionKeys: [String!]): BackofficeRole!
    updateBackofficeRole(id: ID!, name: String, accountType: String, permissions: JSON, permissionKeys: [String!]): BackofficeRole!
    "Without groups: the X-Group-ID group it is created in"
    createBackofficeUser(email: String!, firstName: String!, lastName: String!, backofficeRoleId: ID!, partnerId: ID, status: String, allGroups: Boolean, groupIds: [ID!]): BackofficeUser!
    updateBackofficeUser(id: ID!, email: String, firstName: String, lastName: String, backofficeRoleId: ID, partnerId: ID, status: String, allGroups: Boolean, groupIds: [ID!]): BackofficeUser!
  }
`;

type WithId<T> = T & { id: string };
const withoutId = <T extends { id: string }>({ id: _id, ...rest }: T) => rest;

export const backofficeUsersResolvers: ResolverMap = {
  Query: {
    allBackofficeRoles: (_p, args: ListArgs, { db }) => listRoles(db, args),
    _allBackofficeRolesMeta: (_p, args: ListArgs, { db }) => countRoles(db, args),
    BackofficeRole: (_p, { id }: { id: string }, { db }) => getRole(db, Number(id)),
    allBackofficeUsers: (_p, args: ListArgs, { db, user }) => listStaff(db, user!, args),
    _allBackofficeUsersMeta: (_p, args: ListArgs, { db, user }) => countStaff(db, user!, args),
    BackofficeUser: (_p, { id }: { id: string }, { db, user }) => getStaff(db, user!, Number(id)),
    myGroups: (_p, _args, { db, user }) => myGroups(db, user!),
  },
  Mutation: {
    createBackofficeRole: (_p, args: RoleInput, { db, user }) => createRole(db, user!, args),
    updateBackofficeRole: (_p, args: WithId<RoleInput>, { db, user }) => updateRole(db, user!, Number(args.id), withoutId(args)),
    createBackofficeUser: (_p, args: StaffInput, { db, user, groupId }) =>
      createStaff(db, user!, { ...args, groupIds: args.groupIds ?? (!args.allGroups && groupId !== null ? [groupId] : undefined) }),
    updateBackofficeUser: (_p, args: WithId<StaffInput>, { db, user }) => updateStaff(db, user!, Number(args.id), withoutId(args)),
  },
};

export const backofficeUsersOperationAccess: Record<string, Access> = {
  'Query.allBackofficeRoles': backoffice('usersAndRoles', 'READ'),
  'Query._allBackofficeRolesMeta': backoffice('usersAndRoles', 'READ'),
  'Query.BackofficeRole': backoffice('usersAndRoles', 'READ'),
  'Mutation.createBackofficeRole': backoffice('usersAndRoles', 'WRITE', 'MANAGE_USERS'),
  'Mutation.updateBackofficeRole': backoffice('usersAndRoles', 'WRITE', 'MANAGE_USERS'),
  'Query.allBackofficeUsers': backoffice('usersAndRoles', 'READ'),
  'Query._allBackofficeUsersMeta': backoffice('usersAndRoles', 'READ'),
  'Query.BackofficeUser': backoffice('usersAndRoles', 'READ'),
  'Mutation.createBackofficeUser': backoffice('usersAndRoles', 'WRITE', 'MANAGE_USERS'),
  'Mutation.updateBackofficeUser': backoffice('usersAndRoles', 'WRITE', 'MANAGE_USERS'),
  'Query.myGroups': roles('backoffice', 'partner'),
};

export const backofficeUsersModule: GraphQLModule = { typeDefs: backofficeUsersTypeDefs, resolvers: backofficeUsersResolvers, access: backofficeUsersOperationAccess };
