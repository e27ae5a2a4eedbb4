import { buildASTSchema, parse, type GraphQLFieldResolver } from 'graphql';
import { assertAllowed, type Access } from '../auth/access';
import { OPERATION_ACCESS } from '../auth/access-policy';
import { backofficeUsersResolvers, backofficeUsersTypeDefs } from '../modules/backoffice-users/backoffice-users.graphql';
import { billingResolvers, billingTypeDefs } from '../modules/billing/billing.graphql';
import { financeResolvers, financeTypeDefs } from '../modules/finance/finance.graphql';
import { identityResolvers, identityTypeDefs } from '../modules/identity/identity.graphql';
import { jobsResolvers, jobsTypeDefs } from '../modules/jobs/jobs.graphql';
import { quotesResolvers, quotesTypeDefs } from '../modules/quotes/quotes.graphql';
import { rebatesResolvers, rebatesTypeDefs } from '../modules/rebates/rebates.graphql';
import { recordsResolvers, recordsTypeDefs } from '../modules/records/records.graphql';
import { settingsResolvers, settingsTypeDefs } from '../modules/settings/settings.graphql';
import { siteResolvers, siteTypeDefs } from '../modules/site/site.graphql';
import { usageReportsResolvers, usageReportsTypeDefs } from '../modules/usage-reports/usage-reports.graphql';
import type { GraphQLContext } from './context';
import { JSONScalar } from './json-scalar';

export type Resolver<Args = Record<string, unknown>, Result = unknown> = (
  parent: unknown,
  args: Args,
  context: GraphQLContext,
) => Result | Promise<Result>;
export type ResolverMap = Record<string, Record<string, Resolver<never>>>;

const baseTypeDefs = /* GraphQL */ `
  scalar JSON
  type Query {
    _empty: Boolean
  }
  type Mutation {
    _empty: Boolean
  }
`;

/** Each module contributes its SDL and resolvers here. */
export const typeDefs = [baseTypeDefs, settingsTypeDefs, siteTypeDefs, identityTypeDefs, backofficeUsersTypeDefs, jobsTypeDefs, recordsTypeDefs, quotesTypeDefs, billingTypeDefs, financeTypeDefs, rebatesTypeDefs, usageReportsTypeDefs];
const moduleResolvers: ResolverMap[] = [settingsResolvers, siteResolvers, identityResolvers, backofficeUsersResolvers, jobsResolvers, recordsResolvers, quotesResolvers, billingResolvers, financeResolvers, rebatesResolvers, usageReportsResolvers];

const ROOT_TYPES = ['Query', 'Mutation'] as const;
const PLACEHOLDER_FIELD = '_empty';

/** Every `Query.x` and `Mutation.x` the schema declares (the placeholder field aside). */
export function listOperations(): string[] {
  const schema = buildASTSchema(parse(typeDefs.join('\n')));
  return ROOT_TYPES.flatMap((type) => {
    const root = type === 'Query' ? schema.getQueryType() : schema.getMutationType();
    return Object.keys(root?.getFields() ?? {})
      .filter((field) => field !== PLACEHOLDER_FIELD)
      .map((field) => `${type}.${field}`);
  });
}

/**
 * The resolvers Apollo runs: each Query and Mutation resolver behind the access check declared for it in
 * access-policy.ts. Building fails if an operation has no declaration or no resolver.
 */
export function buildResolvers(policy: Record<string, Access> = OPERATION_ACCESS): Record<string, object> {
  const merged: Record<string, Record<string, Resolver<never>>> = {};
  for (const map of moduleResolvers) {
    for (const [type, fields] of Object.entries(map)) merged[type] = { ...merged[type], ...fields };
  }
  const operations = listOperations();
  const undeclared = operations.filter((operation) => !policy[operation]);
  if (undeclared.length) throw new Error(`No access declared for ${undeclared.join(', ')} (api/src/auth/access-policy.ts)`);
  const unresolved = operations.filter((operation) => {
    const [type, field] = operation.split('.') as [string, string];
    return !merged[type]?.[field];
  });
  if (unresolved.length) throw new Error(`No resolver for ${unresolved.join(', ')}`);

  const guarded: Record<string, object> = { ...merged, JSON: JSONScalar };
  for (const type of ROOT_TYPES) {
    guarded[type] = Object.fromEntries(
      Object.entries(merged[type] ?? {}).map(([field, resolve]) => {
        const access = policy[`${type}.${field}`]!;
        const wrapped: GraphQLFieldResolver<unknown, GraphQLContext> = (parent, args, context) => {
          assertAllowed(context.user, access);
          return (resolve as Resolver)(parent, args as Record<string, unknown>, context);
        };
        return [field, wrapped];
      }),
    );
  }
  return guarded;
}
