// Writes the HTML of every public page (dist/<path>/index.html) and of the not-found page (dist/404.html),
// so each page's title, meta tags, JSON-LD and text are there before any JavaScript runs. The browser then
// hydrates it (src/main.tsx). Run by `npm run build` after the two Vite builds.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const siteDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(siteDir, 'dist');
const ssrDir = path.join(dist, '.ssr');
const knownPaths = JSON.parse(fs.readFileSync(path.join(siteDir, 'src', 'routes', 'known-paths.json'), 'utf8'));

const server = await import(pathToFileURL(path.join(ssrDir, 'entry-server.js')).href);
const template = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');

const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
// JSON inside <script> must not be able to close the tag.
const safeJson = (value) => JSON.stringify(value).replace(/</g, '\\u003c');

function headTags(meta) {
  const title = server.formatTitle(meta.title, server.DEFAULT_SITE_NAME);
  const description = server.truncate(meta.description, server.DESCRIPTION_MAX);
  const social = server.truncate(meta.description, server.SOCIAL_DESCRIPTION_MAX);
  const jsonLd = server.organisationJsonLd(server.DEFAULT_SITE_NAME, server.DEFAULT_PHONE);
  return {
    title: `<title>${escapeHtml(title)}</title>`,
    description: `<meta name="description" content="${escapeHtml(description)}" />`,
    extra: [
      `<meta property="og:type" content="website" />`,
      `<meta property="og:locale" content="en_GB" />`,
      `<meta property="og:site_name" content="${escapeHtml(server.DEFAULT_SITE_NAME)}" />`,
      `<meta property="og:title" content="${escapeHtml(title)}" />`,
      `<meta property="og:description" content="${escapeHtml(social)}" />`,
      `<meta name="twitter:card" content="summary" />`,
      `<script type="application/ld+json">${safeJson(jsonLd)}</script>`,
    ].join('\n    '),
  };
}

function page({ html, meta }) {
  const head = headTags(meta);
  const replaced = template
    .replace(/<title>[\s\S]*?<\/title>/, head.title)
    .replace(/<meta\s+name="description"[\s\S]*?\/>/, head.description)
    .replace('<!--app-head-->', head.extra)
    .replace('<!--app-html-->', html);
  if (replaced.includes('<!--app-html-->') || !replaced.includes(head.description)) throw new Error('index.html lost its prerender markers');
  return replaced;
}

for (const urlPath of knownPaths) {
  const file = urlPath === '/' ? path.join(dist, 'index.html') : path.join(dist, ...urlPath.split('/').filter(Boolean), 'index.html');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, page(await server.render(urlPath)));
}
fs.writeFileSync(path.join(dist, '404.html'), page(await server.render('/404-not-a-page')));
fs.rmSync(ssrDir, { recursive: true, force: true });
console.log(`prerendered ${knownPaths.length} pages and 404.html`);
