import { randomUUID } from 'node:crypto';
import { unwrapResolverError } from '@apollo/server/errors';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { DomainError } from '../errors/domain-error';
import { componentLogger, currentRequestId } from '../observability/logger';
import { limitRefusal } from './operation-limits';

const log = componentLogger('graphql');

/**
 * Domain errors keep their message, their stable code in `extensions.code` and the offending fields.
 * GraphQL's own errors (syntax, validation, bad variables) pass through. Anything else is a bug (a database
 * error that slipped past the input checks among them): it is logged with its detail under a request id, and
 * the client sees only INTERNAL_SERVER_ERROR with that id, never the driver's text.
 * Every error carries the request's id in `extensions.requestId` (the X-Request-Id header's value).
 */
export function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const requestId = currentRequestId();
  const answer = formatKnownError(formatted, error, requestId ?? randomUUID());
  return requestId ? { ...answer, extensions: { ...answer.extensions, requestId } } : answer;
}

function formatKnownError(formatted: GraphQLFormattedError, error: unknown, requestId: string): GraphQLFormattedError {
  const refused = limitRefusal(formatted);
  if (refused) return refused;
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
  log.error({ err: original, reqId: requestId, path: formatted.path?.join('.') ?? '' }, `unexpected error (request ${requestId})`);
  return {
    message: `Unknown error (request ${requestId})`,
    ...(formatted.path ? { path: formatted.path } : {}),
    extensions: { code: 'INTERNAL_SERVER_ERROR', requestId },
  };
}
