import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

export const HASH_SCROLL_WAIT_MS = 8000;

/**
 * Scrolls to the element named by the URL hash once it exists (pages render after their chunk loads, so
 * it may appear later; we wait up to 8 s), otherwise to the top on each navigation. A navigation can opt out
 * with state { preventScroll: true }.
 */
export function useScrollManager(): void {
  const { pathname, hash, state } = useLocation();
  const preventScroll = (state as { preventScroll?: boolean } | null)?.preventScroll === true;

  useEffect(() => {
    if (!hash) {
      if (!preventScroll) window.scrollTo(0, 0);
      return;
    }
    const id = decodeURIComponent(hash.slice(1));
    const scrollIfPresent = () => {
      const target = document.getElementById(id);
      if (!target) return false;
      target.scrollIntoView();
      return true;
    };
    if (scrollIfPresent()) return;
    const observer = new MutationObserver(() => {
      if (scrollIfPresent()) stop();
    });
    const timer = window.setTimeout(() => stop(), HASH_SCROLL_WAIT_MS);
    const stop = () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [pathname, hash, preventScroll]);
}
