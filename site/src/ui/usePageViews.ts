import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Records a page view per navigation: the path only (no query, which might carry an e-mail address, and no
 * visitor id), so it needs no consent. Failures are ignored; a lost count must never disturb the visitor.
 */
export function usePageViews(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    fetch('/api/v2/page-views', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ path: pathname }),
      keepalive: true,
    }).catch(() => undefined);
  }, [pathname]);
}
