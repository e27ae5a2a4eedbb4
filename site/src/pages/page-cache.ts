import type { ComponentType } from 'react';
import { PAGES } from './registry';

const loaded = new Map<string, ComponentType>();
const pending = new Map<string, Promise<ComponentType>>();

/**
 * Loads a page's chunk once. The browser awaits the current page before hydrating and the prerenderer
 * before rendering, so the first render finds the component here and nothing suspends.
 */
export function loadPage(path: string): Promise<ComponentType> {
  const entry = PAGES[path];
  if (!entry) return Promise.reject(new Error(`No page for ${path}`));
  let promise = pending.get(path);
  if (!promise) {
    promise = entry.load().then((component) => {
      loaded.set(path, component);
      return component;
    });
    pending.set(path, promise);
  }
  return promise;
}

export function loadedPage(path: string): ComponentType | undefined {
  return loaded.get(path);
}
