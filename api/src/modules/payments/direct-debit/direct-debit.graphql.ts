import type { GraphQLModule } from '../../../graphql/graphql-module';
import { PUBLIC, roles, type Access } from '../../../auth/access';
import type { ResolverMap } from '../../../graphql/schema';
import { setUpDirectDebit } from './set-up-direct-debit.service';
import { validateBankDetails } from './validate-bank-details.service';

export const directDebitTypeDefs = /* GraphQL */ `
  type BankDetailsValidation {
    valid: Boolean!
    "Why the details were refused (sort code, account number or modulus message); null when valid."
    reason: String
  }
  input DirectDebitSetUpInput {
    "The tenant contract to collect for"
    tenantId: ID!
    "The account holder's name as the bank knows it"
    accountName: String!
    sortCode: String!
    accountNumber: String!
    "The payer confirms they are the account holder and may authorise debits alone"
    accountHolderConfirmed: Boolean!
  }
  type DirectDebitMandateSetUp {
    id: ID!
    "Shown on the payer's bank statement"
    reference: String!
    "PENDING until lodged with the bank and past its processing day, then ACTIVE"
    status: String!
    sortCode: String!
    accountNumberEnding: String!
    accountName: String!
    serviceUserNumber: String
  }
  extend type Mutation {
    "A paperless Direct Debit for a tenant contract (the tenant's own, or staff for their group); replaces an earlier one"
    setUpDirectDebit(input: DirectDebitSetUpInput!): DirectDebitMandateSetUp!
  }
  extend type Query {
    "Sort code and account number checked as a Direct Debit needs them: well formed, then Vocalink modulus checking."
    validateBankDetails(sortCode: String!, accountNumber: String!): BankDetailsValidation!
  }
`;

export const directDebitResolvers: ResolverMap = {
  Mutation: {
    setUpDirectDebit: async (_parent, { input }: { input: Record<string, unknown> }, { db, boss, user, groupId }) => {
      const mandate = await setUpDirectDebit(db, boss, { user, groupId }, input as never);
      return { id: String(mandate.id), reference: mandate.reference, status: mandate.status, sortCode: mandate.sortCode, accountNumberEnding: mandate.accountNumberEnding, accountName: mandate.accountName, serviceUserNumber: mandate.serviceUserNumber };
    },
  },
  Query: {
    validateBankDetails: (_parent, args: { sortCode: string; accountNumber: string }, { db, ip }) => validateBankDetails(db, args, ip),
  },
};

export const directDebitOperationAccess: Record<string, Access> = {
  'Query.validateBankDetails': PUBLIC,
  // Tenants for their own contract (directDebitFO on); staff with payments WRITE (checked in the service).
  'Mutation.setUpDirectDebit': roles('front', 'bill-payer', 'backoffice'),
};

export const directDebitModule: GraphQLModule = { typeDefs: directDebitTypeDefs, resolvers: directDebitResolvers, access: directDebitOperationAccess };
