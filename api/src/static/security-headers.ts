import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';
import helmet from 'helmet';
import type { AppConfig } from '../config';

/*
 * Security headers on every answer (helmet): a Content-Security-Policy that runs no inline script but the
 * prerendered pages' own (allowed by their SHA-256), no framing of any page (the back office least of all),
 * nosniff, a strict Referrer-Policy, and HSTS when the product is served over HTTPS.
 */

/** Executable inline scripts of an HTML page (JSON-LD and other data blocks are not run, so need no hash). */
function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    if (/\ssrc=/i.test(attributes)) continue;
    const type = /\stype=["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && type !== 'module' && type !== 'text/javascript' && type !== 'application/javascript') continue;
    scripts.push(match[2] ?? '');
  }
  return scripts;
}

/** `'sha256-…'` sources for every inline script of the given pages. */
export function inlineScriptHashes(pages: Iterable<string>): string[] {
  const hashes = new Set<string>();
  for (const html of pages) {
    for (const script of inlineScripts(html)) hashes.add(`'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`);
  }
  return [...hashes].sort();
}

/** Hosts of the consent-gated trackers, allowed only when an id for them is configured. */
const TRACKER_HOSTS: Record<string, string[]> = {
  analytics: ['https://www.googletagmanager.com', 'https://www.google-analytics.com', 'https://*.google-analytics.com'],
  tagManager: ['https://www.googletagmanager.com'],
  adConversion: ['https://www.googletagmanager.com', 'https://www.googleadservices.com'],
  facebookPixel: ['https://connect.facebook.net', 'https://www.facebook.com'],
  twitterPixel: ['https://static.ads-twitter.com', 'https://analytics.twitter.com'],
  snapPixel: ['https://sc-static.net', 'https://tr.snapchat.com'],
  affiliateTag: ['https://www.dwin1.com'],
  clickTracker: ['https://www.clickcease.com'],
  helpChat: ['https://widget.intercom.io', 'https://js.intercomcdn.com', 'https://*.intercom.io', 'wss://*.intercom.io'],
};

export function securityHeaders(config: Pick<AppConfig, 'env' | 'baseUrl' | 'notifyUrl' | 'trackerIds'>, scriptHashes: string[]): RequestHandler {
  const trackers = [...new Set(Object.keys(config.trackerIds).flatMap((name) => TRACKER_HOSTS[name] ?? []))];
  const https = config.baseUrl.startsWith('https:');
  // Vite's dev server (npm run dev) talks to the API over its own origin; a ws: notify address may differ.
  const notify = new URL(config.notifyUrl).origin.replace(/^http/, 'ws');
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptHashes, ...trackers],
        scriptSrcAttr: ["'none'"],
        // React's style attributes and the back office's CSS-in-JS write inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...trackers],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", notify, ...trackers],
        frameSrc: ["'self'", ...trackers],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    noSniff: true,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    // Google sign-in opens its window from the back office.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
}
