import { useEffect } from 'react';
import { useSiteInfo } from '../config/ConfigContext';
import { formatTitle } from './meta';

export { DEFAULT_PAGE_TITLE, formatTitle } from './meta';

/** Sets only the tab title, for pages outside the public registry (e.g. sign-in screens). */
export function usePageTitle(pageTitle?: string): void {
  const { siteName } = useSiteInfo();
  useEffect(() => {
    document.title = formatTitle(pageTitle, siteName);
  }, [pageTitle, siteName]);
}
