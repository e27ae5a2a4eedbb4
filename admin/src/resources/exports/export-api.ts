import { getToken } from '@app/api/client';
import { requestHeaders } from '../../providers/requestHeaders';
import { secureDownloadUrl as tokenisedUrl } from '@app/api/client';

/** The three list exports of specification §7 and the REST path each is started on. */
export type ExportFormat = 'csv' | 'xlsx' | 'zip';

export const EXPORT_PATHS: Record<ExportFormat, string> = {
  csv: '/api/v2/exports/csv',
  xlsx: '/api/v2/exports/xlsx',
  zip: '/api/v2/exports/archives',
};

const EXTENSIONS: Record<ExportFormat, string> = { csv: 'csv', xlsx: 'xlsx', zip: 'zip' };

/** What the list sends: its resource, current filter and sort, and the file's name. */
export interface ExportRequest {
  fileName: string;
  resource: string;
  filter: Record<string, unknown>;
  sortField?: string;
  sortOrder?: string;
}

/** GET /api/v2/exports/:id (the fields the button uses). */
export interface ExportStatus {
  id: string;
  status: 'PENDING' | 'RUNNING' | 'DONE' | 'FAILED' | 'EXPIRED' | string;
  progress: number;
  error: string | null;
  fileName: string;
  downloadPath: string | null;
}

/** After the link is clicked it stays in the page this long, then goes (specification §7). */
export const DOWNLOAD_LINK_TTL_MS = 1000;

/** "Houses" on 21 November 2026 → "houses-2026-11-21.csv". */
export function exportFileName(label: string, format: ExportFormat, isoDate: string): string {
  const base = label
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${base || 'export'}-${isoDate}.${EXTENSIONS[format]}`;
}

/** The server's message of a refused call ({ error: { message, fields } }), or the HTTP status. */
async function failure(res: Response): Promise<Error> {
  const body = (await res.json().catch(() => ({}))) as { error?: { message?: string; fields?: Array<{ field: string; message: string }> } };
  const fields = (body.error?.fields ?? []).map((f) => `${f.field}: ${f.message}`).join('; ');
  const message = body.error?.message ?? `HTTP ${res.status}`;
  return new Error(fields ? `${message} (${fields})` : message);
}

function headers(groupId: number): Record<string, string> {
  return { 'content-type': 'application/json', ...requestHeaders(groupId, getToken()) };
}

/** POST /exports/{csv,xlsx,archives}: the job is queued (202) and answers its id. */
export async function startExport(format: ExportFormat, request: ExportRequest, groupId: number): Promise<{ id: string; status: string }> {
  const res = await fetch(EXPORT_PATHS[format], { method: 'POST', credentials: 'omit', headers: headers(groupId), body: JSON.stringify(request) });
  if (!res.ok) throw await failure(res);
  return (await res.json()) as { id: string; status: string };
}

/** How long one status call may wait on the server for the job to change the export (the server caps it at 25 s). */
export const STATUS_WAIT_MS = 25_000;

/**
 * GET /api/v2/exports/:id. With `waitMs`, a long-poll: the server answers at once when the export is finished,
 * else the moment the job changes it (progress, done, failed), else after `waitMs` — no fixed pause anywhere.
 */
export async function fetchExportStatus(id: string, groupId: number, waitMs = 0, signal?: AbortSignal): Promise<ExportStatus> {
  const wait = waitMs > 0 ? `?wait=${waitMs}` : '';
  const res = await fetch(`/api/v2/exports/${encodeURIComponent(id)}${wait}`, { credentials: 'omit', headers: headers(groupId), cache: 'no-store', signal });
  if (!res.ok) throw await failure(res);
  return (await res.json()) as ExportStatus;
}

/**
 * The secure download URL: a plain link cannot send headers, so a token rides as `jwt` (specification §7) — a
 * 5-minute download token for this one file, asked for now, never the session token (which would stay in
 * history and logs).
 */
export async function secureDownloadUrl(status: Pick<ExportStatus, 'id' | 'downloadPath'>, groupId: number): Promise<string> {
  return tokenisedUrl(status.downloadPath ?? `/api/v2/exports/${encodeURIComponent(status.id)}/download`, groupId);
}

/** A download token lives 5 minutes (api/src/auth/download-token.ts): one older than this is asked for again. */
const TOKEN_FRESH_MS = 4 * 60_000;

/**
 * The secure URL of a file a job is still writing, asked for at once, while the job runs: when the file is
 * ready its link is too, with no token round trip between the job's end and the download. `get()` answers it
 * (asked again when the first has grown old or could not be had).
 */
export function earlyDownloadUrl(path: string, groupId: number): { path: string; get: () => Promise<string> } {
  let askedAt = Date.now();
  let url = tokenisedUrl(path, groupId);
  url.catch(() => undefined);
  const ask = () => {
    askedAt = Date.now();
    url = tokenisedUrl(path, groupId);
    return url;
  };
  return {
    path,
    get: () => (Date.now() - askedAt > TOKEN_FRESH_MS ? ask() : url.catch(ask)),
  };
}

/** Downloads through a temporary `<a download>`: added, clicked, and removed after DOWNLOAD_LINK_TTL_MS. */
export function downloadThroughLink(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  link.dataset.exportDownload = 'true';
  document.body.appendChild(link);
  link.click();
  window.setTimeout(() => link.remove(), DOWNLOAD_LINK_TTL_MS);
}
