import { getToken } from '@app/api/client';
import { ActionError } from '../../providers/graphql-action';
import { requestHeaders } from '../../providers/requestHeaders';

/*
 * The back office's REST calls (specification §7: the uploads, the operator endpoints): a file is sent as the
 * body itself, its name in X-File-Name; a refusal becomes an ActionError with each field's message, as GraphQL
 * refusals do, so a dialog shows it in the same place.
 */

/** A browser gives no type for some files (a CSV on Windows): the server then goes by the name. */
const typeOf = (file: File): string => file.type || (file.name.toLowerCase().endsWith('.csv') ? 'text/csv' : 'application/octet-stream');

async function refusal(res: Response): Promise<ActionError> {
  const body = (await res.json().catch(() => ({}))) as { error?: { code?: string; message?: string; fields?: Array<{ field: string; message: string }> } };
  const fields = Object.fromEntries((body.error?.fields ?? []).map((field) => [field.field, field.message]));
  const fieldText = Object.values(fields).join('; ');
  const message = res.status === 413 ? 'The file is too large' : (body.error?.code === 'BAD_USER_INPUT' && fieldText) || body.error?.message || `HTTP ${res.status}`;
  return new ActionError(message, fields);
}

/** POSTs a file to an upload route with its query, answering the route's JSON. */
export async function sendFile<T>(path: string, file: File, groupId: number, query: Record<string, string> = {}): Promise<T> {
  const search = new URLSearchParams(query).toString();
  const res = await fetch(`${path}${search ? `?${search}` : ''}`, {
    method: 'POST',
    credentials: 'omit',
    headers: { ...requestHeaders(groupId, getToken()), 'Content-Type': typeOf(file), 'X-File-Name': encodeURIComponent(file.name) },
    body: file,
  });
  if (!res.ok) throw await refusal(res);
  return (await res.json()) as T;
}

/** Sends JSON to a route (POST or PATCH), answering its JSON. */
export async function sendJson<T>(method: 'POST' | 'PATCH', path: string, groupId: number, body: unknown = {}): Promise<T> {
  const res = await fetch(path, { method, credentials: 'omit', headers: { ...requestHeaders(groupId, getToken()), 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw await refusal(res);
  return (await res.json()) as T;
}

/** GETs a route's JSON (an import's progress). */
export async function getJson<T>(path: string, groupId: number): Promise<T> {
  const res = await fetch(path, { credentials: 'omit', headers: requestHeaders(groupId, getToken()), cache: 'no-store' });
  if (!res.ok) throw await refusal(res);
  return (await res.json()) as T;
}

/** "2.4 MB", "830 KB": a file's size for people. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toLocaleString('en-GB', { maximumFractionDigits: 1 })} MB`;
  return `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('en-GB')} KB`;
}
