// The subset of GET /api/v2/config that the public site uses.
export type PublicConfig = {
  siteName: string;
  phone: string;
  enabledFeatures: readonly string[];
  /** Shown in a banner on every page while set (env MAINTENANCE_MESSAGE). */
  maintenanceMessage: string | null;
  /** Tracker name → account id; a tracker without an id is never loaded. */
  trackerIds: Readonly<Record<string, string>>;
  /** The notification socket (ws:// or wss://), or null when the API did not say. */
  notifyUrl: string | null;
};

export const DEFAULT_SITE_NAME = 'Shared House Bills';
// Ofcom's drama range: the prerendered HTML shows it until the configured number arrives.
export const DEFAULT_PHONE = '020 7946 0123';

function stringRecord(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''),
  );
}

// Parse defensively: a malformed config must degrade the page, not crash it.
export function parsePublicConfig(body: unknown): PublicConfig {
  const data = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const features = Array.isArray(data.enabledFeatures) ? data.enabledFeatures : [];
  return {
    siteName: typeof data.siteName === 'string' && data.siteName ? data.siteName : DEFAULT_SITE_NAME,
    phone: typeof data.phone === 'string' ? data.phone : '',
    enabledFeatures: features.filter((name): name is string => typeof name === 'string'),
    maintenanceMessage: typeof data.maintenanceMessage === 'string' && data.maintenanceMessage ? data.maintenanceMessage : null,
    trackerIds: stringRecord(data.trackerIds),
    notifyUrl: typeof data.notifyUrl === 'string' && /^wss?:\/\//.test(data.notifyUrl) ? data.notifyUrl : null,
  };
}

export async function fetchPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  const response = await fetch('/api/v2/config', { headers: { Accept: 'application/json' }, signal });
  if (!response.ok) throw new Error(`GET /api/v2/config answered ${response.status}`);
  return parsePublicConfig(await response.json());
}
