import type { Browser, Page } from 'playwright-core';
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
  beforeAll(async () => {
    const resolved = typeof options === 'function' ? await options() : options;
    [product, browser] = await Promise.all([startProduct(resolved), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
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
