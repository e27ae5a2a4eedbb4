import type { ConsentCategory } from './consent-cookie';

/**
 * The third-party trackers of specification §4. Each loads only when its category is consented AND the
 * deployment configured an id for it (config.trackerIds); with no ids (development, tests) nothing loads.
 */
type Tracker = {
  name: string;
  category: ConsentCategory;
  /** The configured id it needs (several trackers may share an account id). */
  idKey: string;
  delayMs: number;
  kind: 'script' | 'pixel';
  src: (id: string) => string;
};

const LOAD_DELAY_MS = 10_000;
const VIEW_CONTENT_DELAY_MS = 12_000;
const enc = encodeURIComponent;

export const TRACKERS: readonly Tracker[] = [
  { name: 'adConversion', category: 'targeting', idKey: 'adConversion', delayMs: LOAD_DELAY_MS, kind: 'script', src: (id) => `https://www.googletagmanager.com/gtag/js?id=${enc(id)}` },
  { name: 'facebookPixel', category: 'targeting', idKey: 'facebookPixel', delayMs: LOAD_DELAY_MS, kind: 'script', src: () => 'https://connect.facebook.net/en_US/fbevents.js' },
  { name: 'twitterPixel', category: 'targeting', idKey: 'twitterPixel', delayMs: LOAD_DELAY_MS, kind: 'script', src: () => 'https://static.ads-twitter.com/uwt.js' },
  { name: 'snapPixel', category: 'targeting', idKey: 'snapPixel', delayMs: LOAD_DELAY_MS, kind: 'script', src: () => 'https://sc-static.net/scevent.min.js' },
  { name: 'affiliateTag', category: 'targeting', idKey: 'affiliateTag', delayMs: LOAD_DELAY_MS, kind: 'script', src: (id) => `https://www.dwin1.com/${enc(id)}.js` },
  { name: 'clickTracker', category: 'targeting', idKey: 'clickTracker', delayMs: LOAD_DELAY_MS, kind: 'script', src: (id) => `https://www.clickcease.com/monitor/stat.js?id=${enc(id)}` },
  { name: 'socialViewContent', category: 'targeting', idKey: 'facebookPixel', delayMs: VIEW_CONTENT_DELAY_MS, kind: 'pixel', src: (id) => `https://www.facebook.com/tr?id=${enc(id)}&ev=ViewContent&noscript=1` },
  { name: 'tagManager', category: 'analytics', idKey: 'tagManager', delayMs: LOAD_DELAY_MS, kind: 'script', src: (id) => `https://www.googletagmanager.com/gtm.js?id=${enc(id)}` },
  { name: 'analytics', category: 'analytics', idKey: 'analytics', delayMs: LOAD_DELAY_MS, kind: 'script', src: (id) => `https://www.googletagmanager.com/gtag/js?id=${enc(id)}` },
  { name: 'helpChat', category: 'analytics', idKey: 'helpChat', delayMs: LOAD_DELAY_MS, kind: 'script', src: (id) => `https://widget.intercom.io/widget/${enc(id)}` },
];

function inject(tracker: Tracker, id: string): void {
  if (document.querySelector(`[data-tracker="${tracker.name}"]`)) return;
  const element = tracker.kind === 'script' ? document.createElement('script') : document.createElement('img');
  element.dataset.tracker = tracker.name;
  element.dataset.trackerId = id;
  if (element instanceof HTMLScriptElement) element.async = true;
  else Object.assign(element, { alt: '', width: 1, height: 1, hidden: true });
  element.src = tracker.src(id);
  document.body.append(element);
}

/**
 * Applies a consent decision: schedules the consented, configured trackers (each after its delay) and
 * removes those of withdrawn categories. Returns a cancel function for timers not yet fired.
 */
export function applyTrackers(consent: readonly ConsentCategory[], trackerIds: Readonly<Record<string, string>>): () => void {
  const timers: number[] = [];
  for (const tracker of TRACKERS) {
    const id = trackerIds[tracker.idKey];
    if (consent.includes(tracker.category) && id) {
      timers.push(window.setTimeout(() => inject(tracker, id), tracker.delayMs));
    } else {
      document.querySelectorAll(`[data-tracker="${tracker.name}"]`).forEach((element) => element.remove());
    }
  }
  return () => timers.forEach((timer) => window.clearTimeout(timer));
}
