import fs from 'node:fs';
import path from 'node:path';
import { matchesRoutePattern } from '../rules';

/** The site's two shared route lists, the same files its router reads (site/src/routes). */
export interface SiteRoutes {
  knownPaths: string[];
  redirects: Record<string, string>;
}

export function readSiteRoutes(routesDir: string): SiteRoutes {
  const read = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(routesDir, file), 'utf8'));
  return { knownPaths: read('known-paths.json') as string[], redirects: read('redirects.json') as Record<string, string> };
}

/** "/help/" and "/help" are one page. */
export function normalisePath(requestPath: string): string {
  return requestPath.length > 1 ? requestPath.replace(/\/+$/, '') || '/' : requestPath;
}

/**
 * The prerendered HTML of every known path (site/dist/<path>/index.html) and of the not-found page
 * (site/dist/404.html), read once at start: they only change with a new build, which means a restart.
 */
export function readPrerenderedPages(dist: string, knownPaths: string[]): { pages: Map<string, string>; notFound: string } {
  const read = (file: string) => {
    if (!fs.existsSync(file)) throw new Error(`The site is not built (${file} missing): run "npm run build"`);
    return fs.readFileSync(file, 'utf8');
  };
  const pages = new Map<string, string>();
  for (const knownPath of knownPaths) {
    pages.set(knownPath, read(path.join(dist, ...knownPath.split('/').filter(Boolean), 'index.html')));
  }
  return { pages, notFound: read(path.join(dist, '404.html')) };
}

/**
 * The prerendered page for a request path: the page of that exact path, or of the known pattern it matches
 * (e.g. /resetpass/:hash for a reset link; the page reads the code in the browser).
 */
export function findPage(pages: Map<string, string>, requestPath: string): string | undefined {
  const exact = pages.get(requestPath);
  if (exact) return exact;
  for (const [known, html] of pages) {
    if (known.includes(':') && matchesRoutePattern(known, requestPath)) return html;
  }
  return undefined;
}
