import { ApolloClient, ApolloLink, HttpLink, InMemoryCache, from } from '@apollo/client';
import buildDataProvider, { type GraphqlDataProvider } from 'ra-data-graphql';
import { HttpError, type DataProvider } from 'react-admin';
import { buildQuery, operationNames } from './buildQuery';
import { getToken } from '@app/api/client';
import { requestHeaders } from './requestHeaders';

export const GRAPHQL_URL = '/api/v2/graphql';

function createApolloClient(groupId: number): ApolloClient<unknown> {
  const headersLink = new ApolloLink((operation, forward) => {
    operation.setContext(({ headers }: { headers?: Record<string, string> }) => ({
      headers: { ...headers, ...requestHeaders(groupId, getToken()) },
    }));
    return forward(operation);
  });
  return new ApolloClient({
    link: from([headersLink, new HttpLink({ uri: GRAPHQL_URL })]),
    cache: new InMemoryCache(),
  });
}

export type BackOfficeDataProvider = DataProvider & Pick<GraphqlDataProvider, 'getIntrospection'>;

/** What a refused (403) read or write says on screen; the session stays (only a 401 signs out). */
export const ACCESS_DENIED_MESSAGE = 'You do not have access to this';

/** Every call of the provider, with a 403 answered as ACCESS_DENIED_MESSAGE instead of Apollo's status text. */
function withAccessDeniedMessage(provider: BackOfficeDataProvider): BackOfficeDataProvider {
  const wrapped: Record<string, unknown> = {};
  for (const [name, method] of Object.entries(provider)) {
    wrapped[name] =
      typeof method !== 'function'
        ? method
        : async (...args: unknown[]) => {
            try {
              return await (method as (...a: unknown[]) => Promise<unknown>).apply(provider, args);
            } catch (error) {
              if ((error as { status?: number }).status === 403) throw new HttpError(ACCESS_DENIED_MESSAGE, 403, (error as { body?: unknown }).body);
              throw error;
            }
          };
  }
  return wrapped as BackOfficeDataProvider;
}

// ra-data-graphql 5.15 builds the provider synchronously and introspects lazily, on the
// first call; the caller runs getIntrospection() up front to find out whether the API works.
export function createDataProvider(groupId: number): BackOfficeDataProvider {
  const provider = buildDataProvider({
    client: createApolloClient(groupId),
    buildQuery,
    introspection: { operationNames },
  });
  // The ra-data-graphql-simple grammar has no bulk mutations, so (like that package)
  // bulk actions become one mutation per record.
  return withAccessDeniedMessage({
    ...provider,
    deleteMany: async (resource, params) => {
      await Promise.all(params.ids.map((id) => provider.delete(resource, { id })));
      return { data: params.ids };
    },
    updateMany: async (resource, params) => {
      await Promise.all(
        params.ids.map((id) => provider.update(resource, { id, data: params.data, previousData: { id } })),
      );
      return { data: params.ids };
    },
  });
}
