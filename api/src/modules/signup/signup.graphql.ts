import { PUBLIC, type Access } from '../../auth/access';
import type { GraphQLModule } from '../../graphql/graphql-module';
import type { Resolver, ResolverMap } from '../../graphql/schema';
import { readSignupSession, saveSignupStep, startSignupSession } from './signup-session.service';
import { confirmSignupAccount } from './confirm-account.service';
import { resendSignupConfirmation } from './resend-confirmation.service';
import { signupInvitation } from './signup-invitation.service';
import { checkSignupReferralCode } from './referral-code.service';
import { signupCardCheckout, signupDirectDebit, signupPaymentStatus } from './signup-payment.service';

/*
 * The sign-up wizard's session for anyone (a visitor has no account yet): the token returned by startSignup
 * is the only handle on it, so one visitor cannot reach another's answers without theirs. Once processed
 * (REST process-plan-signup / process-bill-signup), the same token pays for the tenant contract its own
 * processing created, and nothing else; the join step opens an invitation by house contract and e-mail.
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
    "The house a housemate was invited to (the join step)"
    type SignupInvitation {
      houseContractId: Int!
      "The address shortened to 24 characters at a comma"
      address: String!
      "GREENSAVER, LITE or UNLIMITED; null for a My Energy Bill (BILL) house"
      planType: String
      "One tenant's share (pence); for BILL the estimate"
      weeklyPerTenantPence: Int!
      monthlyPerTenantPence: Int!
      startDate: String!
      endDate: String!
      "Tenants who have signed, of expectedCount: 3 of 5 signed"
      signedCount: Int!
      expectedCount: Int!
      "electric, gas, water, broadband, tv_licence"
      services: [String!]!
    }
    type SignupCardCheckout {
      "The card provider's hosted page (open it in a new tab)"
      sessionUrl: String!
    }
    type SignupDirectDebit {
      "The mandate: PENDING until lodged and past its processing day, then ACTIVE"
      status: String!
      "Shown on the payer's bank statement"
      reference: String!
      "The first collection (YYYY-MM-DD); null when nothing is scheduled"
      firstCollectionDate: String
    }
    type SignupPaymentStatus {
      "CREDIT_CARD, DIRECT_DEBIT or PAY_ON_RECEIPT, as chosen at sign-up"
      paymentMethod: String!
      cardOnFile: Boolean!
      "The latest mandate's status, null when none"
      mandateStatus: String
      "True once the chosen way to pay is on file (or needs nothing, paying on receipt)"
      complete: Boolean!
    }
    type SignupReferralCheck {
      applied: Boolean!
      "Referral code applied! or why the code is refused"
      message: String!
    }
    type ConfirmedSignupAccount {
      email: String!
    }
    type ResentSignupConfirmation {
      sent: Boolean!
      "What to tell the person (it does not say whether the address has an account)"
      message: String!
    }
    extend type Query {
      "A sign-up in progress, by its token"
      signupSession(token: ID!): SignupWizard!
      "The house contract a housemate was invited to, by its ID and the invited e-mail"
      signupInvitation(houseContractId: Int!, email: String!): SignupInvitation!
      "Where the payment step of a processed sign-up is (follows a card entered in another tab)"
      signupPaymentStatus(token: String!): SignupPaymentStatus!
      "A referral or promo code as the visitor types it (checked again when the sign-up is processed)"
      checkSignupReferralCode(code: String!): SignupReferralCheck!
    }
    extend type Mutation {
      "Starts a sign-up (default flow SIGNUP at its quote step); referralSlug: the agency or promo link it came through"
      startSignup(flow: String, referralSlug: String): SignupWizard!
      "Keeps a step's answers and makes it the current step"
      saveSignupStep(token: ID!, step: String!, data: JSON!): SignupWizard!
      "Opens the group's hosted card page for the processed sign-up's tenant contract (paymentMethod CREDIT_CARD); successUrl on this site"
      signupCardCheckout(token: String!, successUrl: String!): SignupCardCheckout!
      "A paperless Direct Debit for the processed sign-up's tenant contract (paymentMethod DIRECT_DEBIT); the payer confirms they are the account holder"
      signupDirectDebit(token: String!, accountHolderName: String!, sortCode: String!, accountNumber: String!, accountHolderConfirmed: Boolean): SignupDirectDebit!
      "Confirms the account from the welcome e-mail's link (once, within 7 days)"
      confirmSignupAccount(token: String!): ConfirmedSignupAccount!
      "A new confirmation link for an account still waiting for one; the same answer whether or not there is such an account"
      resendSignupConfirmation(email: String!): ResentSignupConfirmation!
    }
  `,
  resolvers: {
    Query: {
      signupSession: ((_parent, { token }, { db }) => readSignupSession(db, token)) satisfies Resolver<{ token: string }>,
      signupInvitation: ((_parent, args, { db, ip }) => signupInvitation(db, args, ip)) satisfies Resolver<{ houseContractId: number; email: string }>,
      signupPaymentStatus: ((_parent, { token }, { db, ip }) => signupPaymentStatus(db, token, { ip })) satisfies Resolver<{ token: string }>,
      checkSignupReferralCode: ((_parent, { code }, { db, ip }) => checkSignupReferralCode(db, code, ip)) satisfies Resolver<{ code: string }>,
    },
    Mutation: {
      startSignup: ((_parent, input, { db, ip }) => startSignupSession(db, input, ip)) satisfies Resolver<{ flow?: string | null; referralSlug?: string | null }>,
      saveSignupStep: ((_parent, { token, step, data }, { db }) => saveSignupStep(db, token, step, data)) satisfies Resolver<{ token: string; step: string; data: unknown }>,
      signupCardCheckout: ((_parent, args, { db, ip, config }) => signupCardCheckout(db, args, { ip, baseUrl: config.baseUrl })) satisfies Resolver<{ token: string; successUrl: string }>,
      signupDirectDebit: ((_parent, args, { db, boss, ip }) => signupDirectDebit(db, boss, args, { ip })) satisfies Resolver<{ token: string; accountHolderName: string; sortCode: string; accountNumber: string; accountHolderConfirmed?: boolean | null }>,
      confirmSignupAccount: ((_parent, { token }, { db, ip }) => confirmSignupAccount(db, token, ip)) satisfies Resolver<{ token: string }>,
      resendSignupConfirmation: ((_parent, { email }, { db, boss, ip, config }) => resendSignupConfirmation(db, boss, { email }, { ip, baseUrl: config.baseUrl, siteName: config.siteName })) satisfies Resolver<{ email: string }>,
    },
  } satisfies ResolverMap,
  // Anyone: each operation is scoped by its own token (the sign-up's, or the invitation's pair, or the e-mailed link).
  access: {
    'Query.signupSession': PUBLIC,
    'Query.signupInvitation': PUBLIC,
    'Query.signupPaymentStatus': PUBLIC,
    'Query.checkSignupReferralCode': PUBLIC,
    'Mutation.startSignup': PUBLIC,
    'Mutation.saveSignupStep': PUBLIC,
    'Mutation.signupCardCheckout': PUBLIC,
    'Mutation.signupDirectDebit': PUBLIC,
    'Mutation.confirmSignupAccount': PUBLIC,
    'Mutation.resendSignupConfirmation': PUBLIC,
  } satisfies Record<string, Access>,
};
