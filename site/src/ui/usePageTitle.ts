import { useEffect } from 'react';
import { useConfig } from '../config/ConfigContext';
import { DEFAULT_SITE_NAME } from '../config/public-config';

export const DEFAULT_PAGE_TITLE = 'Real Estate Bills Management';
const SEPARATOR = ' | ';

// Title format is "<page title or default><separator><site name>", the same as index.html,
// so the tab title does not change when the app takes over from the static HTML.
export function formatTitle(pageTitle: string | undefined, siteName: string): string {
  return `${pageTitle || DEFAULT_PAGE_TITLE}${SEPARATOR}${siteName}`;
}

export function usePageTitle(pageTitle?: string): void {
  const state = useConfig();
  const siteName = state.status === 'ready' ? state.config.siteName : DEFAULT_SITE_NAME;
  useEffect(() => {
    document.title = formatTitle(pageTitle, siteName);
  }, [pageTitle, siteName]);
}
