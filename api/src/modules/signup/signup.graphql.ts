import { PUBLIC, type Access } from '../../auth/access';
import type { GraphQLModule } from '../../graphql/graphql-module';
import type { Resolver, ResolverMap } from '../../graphql/schema';
import { readSignupSession, saveSignupStep, startSignupSession } from './signup-session.service';

/*
 * The sign-up wizard's session for anyone (a visitor has no account yet): the token returned by startSignup
 * is the only handle on it, so one visitor cannot reach another's answers without theirs.
 */
export const signupModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    type SignupWizard {
      "The visitor's handle on this sign-up (keep it: it is the only way back to it)"
      token: ID!
      "SIGNUP, ALTERNATE or ENERGY_BILL"
      flow: String!
      "The step the visitor is on"
      step: String!
      "The flow's steps in order"
      steps: [String!]!
      "The common state (isNewHouse, houseContractId) and each step's answers under its name"
      state: JSON!
      completed: Boolean!
    }
    extend type Query {
      "A sign-up in progress, by its token"
      signupSession(token: ID!): SignupWizard!
    }
    extend type Mutation {
      "Starts a sign-up (default flow SIGNUP at its quote step); referralSlug: the agency or promo link it came through"
      startSignup(flow: String, referralSlug: String): SignupWizard!
      "Keeps a step's answers and makes it the current step"
      saveSignupStep(token: ID!, step: String!, data: JSON!): SignupWizard!
    }
  `,
  resolvers: {
    Query: {
      signupSession: ((_parent, { token }, { db }) => readSignupSession(db, token)) satisfies Resolver<{ token: string }>,
    },
    Mutation: {
      startSignup: ((_parent, input, { db, ip }) => startSignupSession(db, input, ip)) satisfies Resolver<{ flow?: string | null; referralSlug?: string | null }>,
      saveSignupStep: ((_parent, { token, step, data }, { db }) => saveSignupStep(db, token, step, data)) satisfies Resolver<{ token: string; step: string; data: unknown }>,
    },
  } satisfies ResolverMap,
  access: { 'Query.signupSession': PUBLIC, 'Mutation.startSignup': PUBLIC, 'Mutation.saveSignupStep': PUBLIC } satisfies Record<string, Access>,
};
