import { waitFor } from '@app/api/testing';
import { useSite, expectedTitle, publicPaths, NOT_FOUND_META, PAGE_META, redirects, SITE_NAME, waitUntil, watchOffMachine } from './site-support';
import documents from '../src/content/documents.json';

const site = useSite();

const decode = (html: string) => html.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'");

describe('every public page', () => {
  it.each(publicPaths)('%s answers 200 with its title, and its first paint needs no request off this machine', async (path) => {
    const page = await site.browser().newPage();
    const offMachine = watchOffMachine(page);
    const response = await page.goto(`${site.product().baseUrl}${path}`);
    expect(response?.status()).toBe(200);
    expect(await page.title()).toBe(expectedTitle(path));
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(offMachine).toEqual([]);
    await page.close();
  });

  it.each(publicPaths)('%s is prerendered: title, description, JSON-LD and main heading are in the HTML', async (path) => {
    const response = await fetch(`${site.product().baseUrl}${path}`);
    expect(response.status).toBe(200);
    const html = decode(await response.text());
    expect(html).toContain(`<title>${expectedTitle(path)}</title>`);
    const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1];
    expect(description && description.length <= 160 && PAGE_META[path]!.description.startsWith(description.replace(/…$/, ''))).toBe(true);
    expect(html).toContain('"@type":"Organization"');
    expect(html).toMatch(/<h1[^>]*>[^<]{5,}<\/h1>/);
  });
});

it('answers an unknown address with the prerendered not-found page and HTTP 404', async () => {
  const response = await fetch(`${site.product().baseUrl}/no-such-page/at-all`);
  expect(response.status).toBe(404);
  const html = await response.text();
  expect(html).toContain(`<title>${NOT_FOUND_META.title} | ${SITE_NAME}</title>`);
  expect(html).toContain('Page not found</h1>');
});

it.each(Object.entries(redirects))('redirects %s with HTTP 301 to %s, keeping the query', async (from, to) => {
  const response = await fetch(`${site.product().baseUrl}${from}?utm_source=test`, { redirect: 'manual' });
  expect(response.status).toBe(301);
  const [path, hash] = to.split('#');
  expect(response.headers.get('location')).toBe(`${path}?utm_source=test${hash ? `#${hash}` : ''}`);
});

it('lands on the target page after following a redirect', async () => {
  const page = await site.browser().newPage();
  await page.goto(`${site.product().baseUrl}/packages`);
  expect(new URL(page.url()).pathname).toBe('/bill-packages');
  expect(await page.title()).toBe(expectedTitle('/bill-packages'));
});

it.each(documents.map((document) => document.file))('serves the document %s as a real PDF', async (file) => {
  const response = await fetch(`${site.product().baseUrl}/documents/${file}`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  const bytes = Buffer.from(await response.arrayBuffer());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(bytes.length).toBeGreaterThan(1500);
});

it('scrolls to a hash anchor once the element is there, and to the top on other navigations', async () => {
  const page = await site.browser().newPage({ viewport: { width: 1280, height: 700 } });
  await page.goto(`${site.product().baseUrl}/help#emergency`);
  const emergency = page.locator('#emergency');
  await emergency.waitFor();
  // Browser-side expressions are strings: this project's type-check has no DOM library.
  await waitUntil(page, `window.scrollY > 0 && Math.abs(document.getElementById('emergency').getBoundingClientRect().top) < 120`);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Complaints' }).click();
  await waitUntil(page, `location.pathname === '/complaints' && window.scrollY === 0`);
  expect(await page.title()).toBe(expectedTitle('/complaints'));
});

it('records a page view (path only) for the first page and each navigation', async () => {
  const page = await site.browser().newPage({ viewport: { width: 1440, height: 900 } });
  const views: unknown[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/v2/page-views')) views.push(request.postDataJSON());
  });
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/v2/page-views'));
  await page.goto(`${site.product().baseUrl}/sustainability?email=someone@example.test`);
  expect((await answered).status()).toBe(204);
  await page.getByRole('banner').getByRole('link', { name: 'Help Centre' }).click();
  await waitFor('the second page view', () => views.length >= 2);
  expect(views).toEqual([{ path: '/sustainability' }, { path: '/help' }]);
});
