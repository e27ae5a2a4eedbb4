import fs from 'node:fs';
import path from 'node:path';
import express, { Router } from 'express';
import { repoRoot } from '@app/db';
import { inlineScriptHashes } from './security-headers';
import { withQuotingFlag } from './quoting-flag';
import { findPage, normalisePath, readPrerenderedPages, readSiteRoutes } from './site-pages';

const HASHED_ASSETS = { immutable: true, maxAge: '1y', index: false } as const;

function readIndex(dist: string, app: string): string {
  const file = path.join(dist, 'index.html');
  if (!fs.existsSync(file)) throw new Error(`${app} is not built (${file} missing): run "npm run build"`);
  return fs.readFileSync(file, 'utf8');
}

/** The hashes of the inline scripts of every page served (the site's prerendered pages and the back office). */
export function frontendInlineScriptHashes(options: { siteDist?: string; adminDist?: string; siteRoutesDir?: string } = {}): string[] {
  const siteDist = options.siteDist ?? path.join(repoRoot, 'site', 'dist');
  const adminDist = options.adminDist ?? path.join(repoRoot, 'admin', 'dist');
  const { knownPaths } = readSiteRoutes(options.siteRoutesDir ?? path.join(repoRoot, 'site', 'src', 'routes'));
  const { pages, notFound } = readPrerenderedPages(siteDist, knownPaths);
  return inlineScriptHashes([...pages.values(), notFound, readIndex(adminDist, 'The back office')]);
}

/**
 * The built back office under /admin/{groupId}/… and the built public site at /. The group id is part of
 * every admin path, so /admin/ alone goes to group 1. The site's old addresses answer 301 (the list in
 * site/src/routes/redirects.json, which its router also reads); each known path answers 200 with its
 * prerendered HTML, and any other path 404 with the prerendered not-found page. With `quotingOnline`, each page
 * says on its <html> whether online quoting is on, so its call to action shows the right offer before any script.
 */
export function serveFrontends(options: { siteDist?: string; adminDist?: string; siteRoutesDir?: string; quotingOnline?: () => Promise<boolean> } = {}): Router {
  const siteDist = options.siteDist ?? path.join(repoRoot, 'site', 'dist');
  const adminDist = options.adminDist ?? path.join(repoRoot, 'admin', 'dist');
  const adminIndex = readIndex(adminDist, 'The back office');
  const { knownPaths, redirects } = readSiteRoutes(options.siteRoutesDir ?? path.join(repoRoot, 'site', 'src', 'routes'));
  const { pages, notFound } = readPrerenderedPages(siteDist, knownPaths);

  const router = Router();
  const html = (res: express.Response, status: number, body: string) =>
    res.status(status).type('html').set('Cache-Control', 'no-cache').send(body);

  router.use('/admin/assets', express.static(path.join(adminDist, 'assets'), HASHED_ASSETS));
  router.get(['/admin', '/admin/'], (_req, res) => res.redirect(302, '/admin/1/'));
  // The back office's sign-in page (specification §2.4) is part of the admin bundle.
  router.get(['/admin-signin', '/admin-signin/forgot', /^\/admin-signin\/reset\/[\w-]+$/], (_req, res) => html(res, 200, adminIndex));
  router.get(/^\/admin\/\d+(\/.*)?$/, (req, res) => {
    if (!req.path.match(/^\/admin\/\d+\//)) return res.redirect(302, `${req.path}/`);
    html(res, 200, adminIndex);
  });
  router.use('/admin', (_req, res) => html(res, 404, adminIndex));

  router.get(/.*/, (req, res, next) => {
    const target = redirects[normalisePath(req.path)];
    if (!target) return next();
    const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
    // A target with its own #anchor keeps it; the query of the old address is passed on.
    const [targetPath, hash] = target.split('#');
    res.redirect(301, `${targetPath}${query}${hash ? `#${hash}` : ''}`);
  });
  router.use('/assets', express.static(path.join(siteDist, 'assets'), HASHED_ASSETS));
  // redirect: false, or a request for /help would be sent to /help/ because dist/help/ is a folder.
  router.use(express.static(siteDist, { index: false, redirect: false, maxAge: '1h' }));
  router.get(/.*/, async (req, res, next) => {
    const page = findPage(pages, normalisePath(req.path));
    try {
      const body = options.quotingOnline ? withQuotingFlag(page ?? notFound, await options.quotingOnline()) : (page ?? notFound);
      html(res, page ? 200 : 404, body);
    } catch (error) {
      next(error);
    }
  });
  return router;
}
