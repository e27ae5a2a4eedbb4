// GET /healthz answers { status: "ok", checks: { database: "ok", jobQueue: "ok" } }.
export type Health = {
  status: string;
  checks: { database?: string; jobQueue?: string };
};

// The API may answer 503 with the same body when a check fails, so read the body regardless.
export async function fetchHealth(signal?: AbortSignal): Promise<Health> {
  const response = await fetch('/healthz', { headers: { Accept: 'application/json' }, signal });
  const body: unknown = await response.json().catch(() => null);
  if (!body || typeof body !== 'object') throw new Error(`GET /healthz answered ${response.status}`);
  const { status, checks } = body as Partial<Health>;
  return { status: String(status ?? 'unknown'), checks: checks && typeof checks === 'object' ? checks : {} };
}
