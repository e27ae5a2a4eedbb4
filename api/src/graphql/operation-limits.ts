import type { ApolloServerPlugin } from '@apollo/server';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import { GraphQLError, visit, type GraphQLFormattedError } from 'graphql';
import type { AppConfig } from '../config';
import type { GraphQLContext } from './context';

/*
 * Limits on the shape of a GraphQL operation, checked while it is parsed and validated, before any resolver
 * runs: one anonymous request of 35,000 aliases once held the API for 9 s. Each limit sits well above the
 * largest operation the site and the back office send, measured by operation-limits.test.ts (tokens 163 and
 * depth 10 for the back office's introspection, 2 aliases for a list and its count, no directives).
 */
export const OPERATION_LIMITS = {
  tokens: 1_000,
  depth: 15,
  aliases: 30,
  directives: 10,
  cost: 20_000,
} as const;

/** The body of a GraphQL request: the largest real operation is under 5 kB. */
export const GRAPHQL_BODY_LIMIT = '100kb';

/** `extensions.code` of an operation refused for its size or shape. */
export const QUERY_TOO_COMPLEX = 'QUERY_TOO_COMPLEX';

const LIMIT_MESSAGE = /(Token|Aliases|Query depth|Query Cost|Directives) limit of \d+ exceeded/i;

/** Apollo's plugins and validation rules enforcing the limits. */
export function operationLimits() {
  const { plugins, validationRules } = new ApolloArmor({
    maxTokens: { n: OPERATION_LIMITS.tokens },
    maxDepth: { n: OPERATION_LIMITS.depth, ignoreIntrospection: true, flattenFragments: true },
    maxAliases: { n: OPERATION_LIMITS.aliases },
    maxDirectives: { n: OPERATION_LIMITS.directives },
    costLimit: { maxCost: OPERATION_LIMITS.cost, ignoreIntrospection: true, flattenFragments: true },
    // The back office builds its screens from the schema; suggestions would only help a stranger guess.
    blockFieldSuggestion: { enabled: true },
  }).protect();
  return { plugins, validationRules };
}

/** A refusal of the limits gets its own code, so a client (and a log) can tell it from a typo in a query. */
export function limitRefusal(formatted: GraphQLFormattedError): GraphQLFormattedError | null {
  if (!LIMIT_MESSAGE.test(formatted.message)) return null;
  const { stacktrace: _omit, ...extensions } = formatted.extensions ?? {};
  return { ...formatted, extensions: { ...extensions, code: QUERY_TOO_COMPLEX } };
}

/**
 * In production the schema is shown only to a signed-in caller (the back office fetches it after sign-in);
 * elsewhere introspection stays open for the developer's tools.
 */
export function introspectionGuard(env: AppConfig['env']): ApolloServerPlugin<GraphQLContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ document, contextValue }) {
          if (env !== 'production' || contextValue.user) return;
          let introspects = false;
          visit(document, { Field: (node) => void (introspects ||= node.name.value === '__schema' || node.name.value === '__type') });
          if (introspects) throw new GraphQLError('Sign in to read the schema', { extensions: { code: 'UNAUTHENTICATED', http: { status: 401 } } });
        },
      };
    },
  };
}
