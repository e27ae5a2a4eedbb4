import type { GraphQLModule } from '../../../graphql/graphql-module';
import { PUBLIC, type Access } from '../../../auth/access';
import type { ResolverMap } from '../../../graphql/schema';
import { validateBankDetails } from './validate-bank-details.service';

export const directDebitTypeDefs = /* GraphQL */ `
  type BankDetailsValidation {
    valid: Boolean!
    "Why the details were refused (sort code, account number or modulus message); null when valid."
    reason: String
  }
  extend type Query {
    "Sort code and account number checked as a Direct Debit needs them: well formed, then Vocalink modulus checking."
    validateBankDetails(sortCode: String!, accountNumber: String!): BankDetailsValidation!
  }
`;

export const directDebitResolvers: ResolverMap = {
  Query: {
    validateBankDetails: (_parent, args: { sortCode: string; accountNumber: string }, { db, ip }) => validateBankDetails(db, args, ip),
  },
};

export const directDebitOperationAccess: Record<string, Access> = {
  'Query.validateBankDetails': PUBLIC,
};

export const directDebitModule: GraphQLModule = { typeDefs: directDebitTypeDefs, resolvers: directDebitResolvers, access: directDebitOperationAccess };
