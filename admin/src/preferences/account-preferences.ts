import { getToken } from '@app/api/client';

/**
 * The signed-in account's preferences on the server (api modules/preferences). Plain requests, not
 * graphqlRequest: a refusal here costs a list its saved filters, it must not end the session.
 */
async function post<T>(groupId: number, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const token = getToken();
  const response = await fetch('/api/v2/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-group-id': String(groupId), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json().catch(() => null)) as { data?: T; errors?: Array<{ message: string }> } | null;
  if (!response.ok || !body?.data || body.errors?.length) throw new Error(body?.errors?.[0]?.message ?? `The server answered ${response.status}`);
  return body.data;
}

/** Key → value of every preference the account keeps; empty when they cannot be read (the lists still work). */
export async function fetchMyPreferences(groupId: number): Promise<Record<string, unknown>> {
  try {
    const { myPreferences } = await post<{ myPreferences: Array<{ key: string; value: unknown }> }>(groupId, '{ myPreferences { key value } }');
    return Object.fromEntries(myPreferences.map(({ key, value }) => [key, value]));
  } catch {
    return {};
  }
}

/** Keeps one preference (null forgets it); rejects with the server's reason. */
export async function saveMyPreference(groupId: number, key: string, value: unknown): Promise<void> {
  await post(groupId, 'mutation ($key: String!, $value: JSON) { setMyPreference(key: $key, value: $value) }', { key, value });
}
