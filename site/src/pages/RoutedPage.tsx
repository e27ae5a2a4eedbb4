import { createElement, Suspense, use } from 'react';
import { useDocumentMeta } from '../ui/useDocumentMeta';
import { Loader } from '../ui/Loader';
import { loadedPage, loadPage } from './page-cache';
import { PAGES } from './registry';

function PageBody({ path }: { path: string }) {
  // The page component comes from a module cache, so it is the same component on every render.
  return createElement(loadedPage(path) ?? use(loadPage(path)));
}

/** A public page: sets its title and meta tags and shows the loader while its chunk arrives. */
export function RoutedPage({ path }: { path: string }) {
  useDocumentMeta(PAGES[path]!);
  return (
    <Suspense fallback={<Loader />}>
      <PageBody path={path} />
    </Suspense>
  );
}
