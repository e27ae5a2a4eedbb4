import { getToken } from './session-store';

export interface GraphQLAnswer<T> {
  status: number;
  data: T | null;
  errors: Array<{ message: string; extensions?: { code?: string; key?: string; fields?: Array<{ field: string; message: string }> } }>;
}

/** A GraphQL call from the browser with the session's token (and the back office's group, when given). */
export async function graphqlRequest<T>(query: string, variables: Record<string, unknown> = {}, groupId?: number): Promise<GraphQLAnswer<T>> {
  const token = getToken();
  const res = await fetch('/api/v2/graphql', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(groupId ? { 'x-group-id': String(groupId) } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json().catch(() => ({}))) as { data?: T; errors?: GraphQLAnswer<T>['errors'] };
  return { status: res.status, data: body.data ?? null, errors: body.errors ?? [] };
}
