import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { serveFrontends } from './serve-frontends';

// A miniature built site: two prerendered pages, the 404 page and an asset, with route lists of its own.
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'serve-frontends-'));
const write = (file: string, body: string) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), body);
};
write('site/index.html', '<title>Home</title>');
write('site/help/index.html', '<title>Help</title>');
write('site/404.html', '<title>Page not found</title>');
write('site/documents/guide.pdf', '%PDF-1.3');
write('admin/index.html', '<title>Admin</title>');
write('routes/known-paths.json', JSON.stringify(['/', '/help']));
write('routes/redirects.json', JSON.stringify({ '/contact': '/help', '/contact/faq': '/help#faq', '/home': '/' }));

const app = express().use(
  serveFrontends({ siteDist: path.join(root, 'site'), adminDist: path.join(root, 'admin'), siteRoutesDir: path.join(root, 'routes') }),
);

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

it('answers each known path with its own prerendered page, with or without a trailing slash', async () => {
  expect((await request(app).get('/').expect(200)).text).toBe('<title>Home</title>');
  expect((await request(app).get('/help').expect(200)).text).toBe('<title>Help</title>');
  expect((await request(app).get('/help/').expect(200)).text).toBe('<title>Help</title>');
});

it('answers 301 for each redirect, keeping the query and the target anchor', async () => {
  await request(app).get('/contact').expect(301).expect('Location', '/help');
  await request(app).get('/contact/?x=1').expect(301).expect('Location', '/help?x=1');
  await request(app).get('/contact/faq?x=1').expect(301).expect('Location', '/help?x=1#faq');
  await request(app).get('/home').expect(301).expect('Location', '/');
});

it('answers unknown paths 404 with the not-found page, and serves static files', async () => {
  expect((await request(app).get('/nowhere').expect(404)).text).toBe('<title>Page not found</title>');
  await request(app).get('/documents/guide.pdf').expect(200).expect('Content-Type', 'application/pdf');
});

it('keeps the back office under /admin/{groupId}/', async () => {
  await request(app).get('/admin').expect(302).expect('Location', '/admin/1/');
  expect((await request(app).get('/admin/2/users').expect(200)).text).toBe('<title>Admin</title>');
});

it('marks every site page with whether online quoting is on, so its call to action is right before any script', async () => {
  write('site/signup/quote/index.html', '<!doctype html>\n<html lang="en-GB"><title>Quote</title></html>');
  write('routes/known-paths.json', JSON.stringify(['/', '/help', '/signup/quote']));
  let on = true;
  const flagged = express().use(
    serveFrontends({ siteDist: path.join(root, 'site'), adminDist: path.join(root, 'admin'), siteRoutesDir: path.join(root, 'routes'), quotingOnline: async () => on }),
  );
  expect((await request(flagged).get('/signup/quote').expect(200)).text).toBe('<!doctype html>\n<html data-quoting="on" lang="en-GB"><title>Quote</title></html>');
  on = false;
  expect((await request(flagged).get('/signup/quote').expect(200)).text).toContain('<html data-quoting="off" lang="en-GB">');
  // The back office is not the site: it has no such offer.
  expect((await request(flagged).get('/admin/1/').expect(200)).text).toBe('<title>Admin</title>');
});
