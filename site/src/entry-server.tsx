import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { App, normalisePath } from './App';
import { loadPage } from './pages/page-cache';
import { NOT_FOUND_META, PAGES, type PageMeta } from './pages/registry';

export { DESCRIPTION_MAX, formatTitle, organisationJsonLd, SOCIAL_DESCRIPTION_MAX, truncate } from './ui/meta';
export { DEFAULT_PHONE, DEFAULT_SITE_NAME } from './config/public-config';

/** Build-time only (site/scripts/prerender.mjs): the HTML and meta of one path, as the browser will hydrate it. */
export async function render(url: string): Promise<{ html: string; meta: PageMeta }> {
  const path = normalisePath(url);
  const entry = PAGES[path];
  if (entry) await loadPage(path);
  const html = renderToString(
    <StaticRouter location={url}>
      <App />
    </StaticRouter>,
  );
  return { html, meta: entry ?? NOT_FOUND_META };
}
