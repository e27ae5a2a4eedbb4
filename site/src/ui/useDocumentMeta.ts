import { useEffect } from 'react';
import { useSiteInfo } from '../config/ConfigContext';
import type { PageMeta } from '../pages/registry';
import { DESCRIPTION_MAX, formatTitle, SOCIAL_DESCRIPTION_MAX, truncate } from './meta';

function setMeta(attribute: 'name' | 'property', key: string, content: string): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.append(element);
  }
  element.content = content;
}

/** Keeps the tab title and meta tags in step with client-side navigation (the prerenderer writes the same). */
export function useDocumentMeta(meta: PageMeta): void {
  const { siteName } = useSiteInfo();
  useEffect(() => {
    const title = formatTitle(meta.title, siteName);
    document.title = title;
    setMeta('name', 'description', truncate(meta.description, DESCRIPTION_MAX));
    setMeta('property', 'og:title', title);
    setMeta('property', 'og:description', truncate(meta.description, SOCIAL_DESCRIPTION_MAX));
  }, [meta.title, meta.description, siteName]);
}
