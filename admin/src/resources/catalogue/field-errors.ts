import { HttpError, type DataProvider } from 'react-admin';

/** A GraphQL error as the API sends it: refused fields under `extensions.fields`. */
interface GraphQLErrorLike {
  message?: string;
  extensions?: { fields?: Array<{ field: string; message: string }> };
}

interface ApolloErrorLike {
  message?: string;
  graphQLErrors?: GraphQLErrorLike[];
  networkError?: { result?: { errors?: GraphQLErrorLike[] } };
}

/** ra-data-graphql rejects with HttpError(message, status, apolloError); find the GraphQL errors in it. */
function graphQLErrorsOf(error: unknown): GraphQLErrorLike[] {
  const apollo = ((error as { body?: unknown })?.body ?? error) as ApolloErrorLike | undefined;
  return apollo?.graphQLErrors?.length ? apollo.graphQLErrors : (apollo?.networkError?.result?.errors ?? []);
}

/** `{ field: message }` of a refused write, or null when the server named no field. */
export function serverFieldErrors(error: unknown): Record<string, string> | null {
  const fields = graphQLErrorsOf(error).flatMap((graphQLError) => graphQLError.extensions?.fields ?? []);
  if (fields.length === 0) return null;
  return Object.fromEntries(fields.map(({ field, message }) => [field, message]));
}

/**
 * Turns the server's field errors into what react-admin's forms understand (`body.errors`), so each message
 * shows under its input and the first message is notified (`root.serverError`).
 */
function rethrowWithFieldErrors(error: unknown): never {
  const fields = serverFieldErrors(error);
  if (!fields) throw error;
  const message = graphQLErrorsOf(error)[0]?.message ?? Object.values(fields)[0] ?? 'Invalid input';
  const status = (error as { status?: number })?.status ?? 400;
  throw new HttpError(message, status, { errors: { ...fields, root: { serverError: message } } });
}

export function withFieldErrors<T extends DataProvider>(provider: T): T {
  return {
    ...provider,
    create: (resource, params) => provider.create(resource, params).catch(rethrowWithFieldErrors),
    update: (resource, params) => provider.update(resource, params).catch(rethrowWithFieldErrors),
  };
}
