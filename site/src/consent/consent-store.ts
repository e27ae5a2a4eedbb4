import { CONSENT_COOKIE, consentCookie, type ConsentCategory } from './consent-cookie';

// The consent cookie as an external store for useSyncExternalStore: the raw value (a string, so snapshots
// compare equal), null when there is no cookie, undefined on the server, which cannot know it.
const listeners = new Set<() => void>();

export function subscribeConsent(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function consentSnapshot(): string | null {
  const entry = document.cookie.split(';').map((part) => part.trim()).find((part) => part.startsWith(`${CONSENT_COOKIE}=`));
  return entry === undefined ? null : decodeURIComponent(entry.slice(CONSENT_COOKIE.length + 1));
}

export function serverConsentSnapshot(): undefined {
  return undefined;
}

export function writeConsent(categories: readonly ConsentCategory[]): void {
  document.cookie = consentCookie(categories);
  listeners.forEach((listener) => listener());
}
