/** The CookieConsent cookie of specification §4: the consented categories, comma-separated; "" means declined. */
export const CONSENT_COOKIE = 'CookieConsent';
export const CONSENT_DAYS = 365;
export const CATEGORIES = ['analytics', 'targeting'] as const;
export type ConsentCategory = (typeof CATEGORIES)[number];

/** The categories in a cookie value; "" (declined) gives none. */
export function parseConsent(value: string): ConsentCategory[] {
  const parts = value.split(',');
  return CATEGORIES.filter((category) => parts.includes(category));
}

export function consentCookie(categories: readonly ConsentCategory[]): string {
  // Always in the same order so that "accept all" reads exactly "analytics,targeting".
  const value = CATEGORIES.filter((category) => categories.includes(category)).join(',');
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  return `${CONSENT_COOKIE}=${value}; Max-Age=${CONSENT_DAYS * 24 * 60 * 60}; Path=/; SameSite=Lax${secure}`;
}
