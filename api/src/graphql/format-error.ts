import { unwrapResolverError } from '@apollo/server/errors';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { DomainError } from '../errors/domain-error';

/**
 * Domain errors keep their message, their stable code in `extensions.code` and the offending fields.
 * GraphQL's own errors (syntax, validation, bad variables) pass through. Anything else is a bug: it is
 * logged with its stack and the client sees only "Unknown error".
 */
export function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = unwrapResolverError(error);
  if (original instanceof DomainError) {
    return {
      message: original.message,
      ...(formatted.path ? { path: formatted.path } : {}),
      extensions: { code: original.code, ...original.details },
    };
  }
  if (original instanceof GraphQLError || formatted.extensions?.code !== 'INTERNAL_SERVER_ERROR') {
    const { stacktrace: _omit, ...extensions } = formatted.extensions ?? {};
    return { ...formatted, extensions };
  }
  console.error('[graphql] unexpected error', original);
  return { message: 'Unknown error', ...(formatted.path ? { path: formatted.path } : {}), extensions: { code: 'UNKNOWN_ERROR' } };
}
