import { buildASTSchema, parse, type GraphQLFieldResolver, type GraphQLResolveInfo } from 'graphql';
import { assertAllowed, type Access } from '../auth/access';
import type { GraphQLContext } from './context';
import { JSONScalar } from './json-scalar';
import { GRAPHQL_MODULES } from './modules';

export type Resolver<Args = Record<string, unknown>, Result = unknown> = (
  parent: unknown,
  args: Args,
  context: GraphQLContext,
  info: GraphQLResolveInfo,
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

/** Each module contributes its SDL, resolvers and access declarations (modules.ts). */
export const typeDefs = [baseTypeDefs, ...GRAPHQL_MODULES.map((module) => module.typeDefs)];
const moduleResolvers: ResolverMap[] = GRAPHQL_MODULES.map((module) => module.resolvers);

/** Who may call each operation, as the modules declare it. */
export function operationAccess(): Record<string, Access> {
  const access: Record<string, Access> = {};
  for (const module of GRAPHQL_MODULES) {
    for (const [operation, declared] of Object.entries(module.access)) {
      if (access[operation]) throw new Error(`Access for ${operation} is declared twice`);
      access[operation] = declared;
    }
  }
  return access;
}

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
 * its module. Building fails if an operation has no declaration or no resolver.
 */
export function buildResolvers(policy: Record<string, Access> = operationAccess()): Record<string, object> {
  const merged: Record<string, Record<string, Resolver<never>>> = {};
  for (const map of moduleResolvers) {
    for (const [type, fields] of Object.entries(map)) merged[type] = { ...merged[type], ...fields };
  }
  const operations = listOperations();
  const undeclared = operations.filter((operation) => !policy[operation]);
  if (undeclared.length) throw new Error(`No access declared for ${undeclared.join(', ')} (declare it in the module's access)`);
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
        const wrapped: GraphQLFieldResolver<unknown, GraphQLContext> = (parent, args, context, info) => {
          assertAllowed(context.user, access);
          return (resolve as Resolver)(parent, args as Record<string, unknown>, context, info);
        };
        return [field, wrapped];
      }),
    );
  }
  return guarded;
}
