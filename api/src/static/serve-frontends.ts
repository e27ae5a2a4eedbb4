import fs from 'node:fs';
import path from 'node:path';
import express, { Router } from 'express';
import { repoRoot } from '@app/db';

const HASHED_ASSETS = { immutable: true, maxAge: '1y', index: false } as const;

function readIndex(dist: string, app: string): string {
  const file = path.join(dist, 'index.html');
  if (!fs.existsSync(file)) throw new Error(`${app} is not built (${file} missing): run "npm run build"`);
  return fs.readFileSync(file, 'utf8');
}

/**
 * The built back office under /admin/{groupId}/… and the built public site at /. The group id is part of
 * every admin path, so /admin/ alone goes to group 1. Site paths that the site's router does not know
 * answer 404 (with the site's not-found page).
 */
export function serveFrontends(options: { siteDist?: string; adminDist?: string } = {}): Router {
  const siteDist = options.siteDist ?? path.join(repoRoot, 'site', 'dist');
  const adminDist = options.adminDist ?? path.join(repoRoot, 'admin', 'dist');
  const siteIndex = readIndex(siteDist, 'The site');
  const adminIndex = readIndex(adminDist, 'The back office');
  const knownPaths = new Set<string>(
    JSON.parse(fs.readFileSync(path.join(repoRoot, 'site', 'src', 'routes', 'known-paths.json'), 'utf8')) as string[],
  );

  const router = Router();
  const html = (res: express.Response, status: number, body: string) =>
    res.status(status).type('html').set('Cache-Control', 'no-cache').send(body);

  router.use('/admin/assets', express.static(path.join(adminDist, 'assets'), HASHED_ASSETS));
  router.get(['/admin', '/admin/'], (_req, res) => res.redirect(302, '/admin/1/'));
  router.get(/^\/admin\/\d+(\/.*)?$/, (req, res) => {
    if (!req.path.match(/^\/admin\/\d+\//)) return res.redirect(302, `${req.path}/`);
    html(res, 200, adminIndex);
  });
  router.use('/admin', (_req, res) => html(res, 404, adminIndex));

  router.use('/assets', express.static(path.join(siteDist, 'assets'), HASHED_ASSETS));
  router.use(express.static(siteDist, { index: false, maxAge: '1h' }));
  router.get(/.*/, (req, res) => {
    const normalised = req.path.length > 1 ? req.path.replace(/\/$/, '') : req.path;
    html(res, knownPaths.has(normalised) ? 200 : 404, siteIndex);
  });
  return router;
}
