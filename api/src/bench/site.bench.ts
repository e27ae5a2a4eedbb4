import zlib from 'node:zlib';
import type { Browser } from 'playwright-core';
import { PAGE_META } from '../../../site/src/pages/page-meta';
import { launchChromium } from '../testing/chromium';
import { startProduct } from '../testing/product-process';

const RUNS = 3;

/** Gzipped bytes of the JavaScript a first visit to `url` loads, and its Largest Contentful Paint in ms. */
async function measure(browser: Browser, url: string): Promise<{ jsBytes: number; lcpMs: number }> {
  // A new context per visit: empty cache, no cookies, as a first-time visitor.
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const scripts: Array<Promise<number>> = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.body().then((body) => zlib.gzipSync(body).length));
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  // Browser-side code as a string: the API's type-check has no DOM library.
  const lcpMs = (await page.evaluate(`new Promise((resolve) => {
    new PerformanceObserver((list) => {
      const entries = list.getEntries();
      resolve(entries[entries.length - 1].startTime);
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  })`)) as number;
  const jsBytes = (await Promise.all(scripts)).reduce((sum, bytes) => sum + bytes, 0);
  await context.close();
  return { jsBytes, lcpMs };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * For every public page of the production build: JavaScript transferred on first load (gzipped) and
 * Largest Contentful Paint in headless Chromium, the median of three cold visits after a warm-up.
 */
export async function siteBenchmark(): Promise<void> {
  // The public pages (not the sign-in forms and protected areas, which are also known paths).
  const publicPaths = Object.keys(PAGE_META);
  const product = await startProduct();
  const browser = await launchChromium();
  try {
    const results: Array<{ path: string; jsKb: number; lcpMs: number }> = [];
    for (const pagePath of publicPaths) {
      const url = `${product.baseUrl}${pagePath}`;
      await measure(browser, url);
      const runs = [];
      for (let run = 0; run < RUNS; run += 1) runs.push(await measure(browser, url));
      const result = { path: pagePath, jsKb: median(runs.map((r) => r.jsBytes)) / 1024, lcpMs: median(runs.map((r) => r.lcpMs)) };
      results.push(result);
      console.log(`${pagePath.padEnd(42)} js ${result.jsKb.toFixed(1).padStart(6)} KB gzip   LCP ${result.lcpMs.toFixed(0).padStart(5)} ms`);
    }
    const home = results.find((result) => result.path === '/')!;
    console.log(
      JSON.stringify({ bench: 'site', home_js_kb: Number(home.jsKb.toFixed(1)), max_lcp_ms: Math.round(Math.max(...results.map((r) => r.lcpMs))) }),
    );
  } finally {
    await browser.close();
    product.child.kill('SIGTERM');
    await product.exited;
  }
}
