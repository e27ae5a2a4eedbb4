/** What the sign-in pages read of GET /api/v2/config: the product's name and the staff's sign-in strategies. */
export interface SiteConfig {
  siteName: string;
  backofficeLoginStrategies: string[];
}

const FALLBACK: SiteConfig = { siteName: 'Shared House Bills', backofficeLoginStrategies: ['password'] };

let cached: Promise<SiteConfig> | null = null;

/** Asked once per page; the fallback (password only, the default name) when the API cannot answer. */
export function fetchSiteConfig(): Promise<SiteConfig> {
  cached ??= fetch('/api/v2/config')
    .then((res) => res.json())
    .then((config: Partial<SiteConfig>) => ({
      siteName: config.siteName || FALLBACK.siteName,
      backofficeLoginStrategies: config.backofficeLoginStrategies ?? FALLBACK.backofficeLoginStrategies,
    }))
    .catch(() => FALLBACK);
  return cached;
}
