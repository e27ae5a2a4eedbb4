import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './chromium';
import { startProduct, type ProductOptions, type ProductProcess } from './product-process';

/**
 * One running product and one Chromium for a browser test file, started before its tests and stopped
 * after them. `options` may be a function, for settings known only once the file starts (e.g. a local
 * SMTP or OpenID server's address).
 */
export function useProductInBrowser(options: ProductOptions | (() => Promise<ProductOptions>) = {}): {
  product: () => ProductProcess;
  browser: () => Browser;
} {
  let product: ProductProcess;
  let browser: Browser;
  const violations: string[] = [];
  beforeAll(async () => {
    const resolved = typeof options === 'function' ? await options() : options;
    [product, browser] = await Promise.all([startProduct(resolved), launchChromium()]);
    watchContentSecurityPolicy(browser, violations);
  });
  afterAll(async () => {
    await browser?.close();
    // Every browser test runs under the product's Content-Security-Policy: a page it blocks fails the file.
    expect(violations).toEqual([]);
    product?.child.kill('SIGTERM');
    await product?.exited;
  });
  return { product: () => product, browser: () => browser };
}

/** Collects every request that would leave this machine (none may). */
export function watchOffMachine(page: Page): string[] {
  const offMachine: string[] = [];
  page.on('request', (request) => {
    if (!/^(http:\/\/127\.0\.0\.1|data:|blob:)/.test(request.url())) offMachine.push(request.url());
  });
  return offMachine;
}

/** Records every Content-Security-Policy violation Chromium reports on a page of any context of `browser`. */
function watchContentSecurityPolicy(browser: Browser, violations: string[]): void {
  const watchPage = (page: Page) =>
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
    });
  const watchContext = (context: BrowserContext) => {
    context.on('page', watchPage);
    return context;
  };
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => watchContext(await newContext(...args));
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (...args) => {
    const page = await newPage(...args);
    watchPage(page);
    return page;
  };
}
