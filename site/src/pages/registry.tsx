import type { ComponentType } from 'react';
import { TARIFF_PERIODS } from '../content/tariff-periods';
import type { Article } from '../content/types';
import { ArticlePage } from '../ui/ArticlePage';
import { NOT_FOUND_META, PAGE_META, tariffPath, type PageMeta } from './page-meta';

export { NOT_FOUND_META, type PageMeta };

export type PageEntry = PageMeta & { load: () => Promise<ComponentType> };

// Each page's code is its own chunk: the home page must not carry the words of forty others.
const article =
  (load: () => Promise<{ article: Article }>): PageEntry['load'] =>
  () =>
    load().then(({ article }) => {
      const Page = () => <ArticlePage article={article} />;
      return Page;
    });

const LOADERS: Record<string, PageEntry['load']> = {
  '/': () => import('./public/HomePage').then((m) => m.HomePage),
  '/bill-packages': article(() => import('../content/bill-packages')),
  '/sustainability': article(() => import('../content/sustainability')),
  '/help': article(() => import('../content/help')),
  '/complaints': article(() => import('../content/complaints')),
  '/payments-help': article(() => import('../content/payments-help')),
  '/regional-suppliers': article(() => import('../content/regional-suppliers')),
  '/energy-saving-tips': article(() => import('../content/energy-saving-tips')),
  '/extra-help': article(() => import('../content/extra-help')),
  '/warm-home-discount': article(() => import('../content/warm-home-discount')),
  '/energy-price-guarantee': article(() => import('../content/energy-price-guarantee')),
  '/energy-bill-support': article(() => import('../content/energy-bill-support')),
  '/policy/privacy-policy': article(() => import('../content/privacy-policy')),
  '/policy/cookie-policy': article(() => import('../content/cookie-policy')),
  '/legals': article(() => import('../content/legals')),
  '/legals/our-terms': article(() => import('../content/our-terms')),
  '/legals/historic-tariffs': article(() => import('../content/historic-tariffs')),
  '/legals/domestic-terms': article(() => import('../content/domestic-terms')),
  '/legals/business-terms': article(() => import('../content/business-terms')),
  '/agents/info': article(() => import('../content/agents-info')),
  '/agents/signup': article(() => import('../content/agents-signup')),
  '/agents/forgot': article(() => import('../content/agents-forgot')),
  ...Object.fromEntries(
    TARIFF_PERIODS.map(({ slug }) => [tariffPath(slug), () => import('./public/TariffPage').then((m) => m.tariffPage(slug))]),
  ),
};

/** Every public page by path: its title and description and its code. */
export const PAGES: Record<string, PageEntry> = Object.fromEntries(
  Object.entries(PAGE_META).map(([path, meta]) => {
    const load = LOADERS[path];
    if (!load) throw new Error(`No page code for ${path}`);
    return [path, { ...meta, load }];
  }),
);
