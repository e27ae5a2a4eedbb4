import { clearSession, getToken, signInUrl, storedSession } from './session-store';

/** Fired on window when the server ends the session (401 or 403), so every part of the page can react. */
export const SESSION_ENDED_EVENT = 'session-ended';

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
  // Specification §7: a 401 logs out, drops the header and retries the operation once; a 403 logs out and
  // sends the user to their role's sign-in page, remembering where they were.
  if (token && (res.status === 401 || res.status === 403)) {
    const role = storedSession()?.role;
    clearSession();
    window.dispatchEvent(new Event(SESSION_ENDED_EVENT));
    if (res.status === 401) return graphqlRequest<T>(query, variables, groupId);
    if (role) window.location.assign(signInUrl(role));
  }
  const body = (await res.json().catch(() => ({}))) as { data?: T; errors?: GraphQLAnswer<T>['errors'] };
  return { status: res.status, data: body.data ?? null, errors: body.errors ?? [] };
}

/** The per-field messages of a refused call (from the error's `fields`), keyed by field name. */
export function fieldMessages(answer: Pick<GraphQLAnswer<unknown>, 'errors'>): Record<string, string> {
  return Object.fromEntries((answer.errors[0]?.extensions?.fields ?? []).map((f) => [f.field, f.message]));
}
