// The subset of GET /api/v2/config that the public site uses.
export type PublicConfig = {
  siteName: string;
  phone: string;
  enabledFeatures: readonly string[];
};

export const DEFAULT_SITE_NAME = 'Shared House Bills';

// Parse defensively: a malformed config must degrade the page, not crash it.
export function parsePublicConfig(body: unknown): PublicConfig {
  const data = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const features = Array.isArray(data.enabledFeatures) ? data.enabledFeatures : [];
  return {
    siteName: typeof data.siteName === 'string' && data.siteName ? data.siteName : DEFAULT_SITE_NAME,
    phone: typeof data.phone === 'string' ? data.phone : '',
    enabledFeatures: features.filter((name): name is string => typeof name === 'string'),
  };
}

export async function fetchPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  const response = await fetch('/api/v2/config', { headers: { Accept: 'application/json' }, signal });
  if (!response.ok) throw new Error(`GET /api/v2/config answered ${response.status}`);
  return parsePublicConfig(await response.json());
}
