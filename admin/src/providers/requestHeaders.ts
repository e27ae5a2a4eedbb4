// Headers sent with every GraphQL request. Read per request (not once at start-up) so a
// token stored or removed after the app loaded is picked up without a reload.
export function requestHeaders(groupId: number, token: string | null): Record<string, string> {
  const headers: Record<string, string> = { 'X-Group-ID': String(groupId) };
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}
