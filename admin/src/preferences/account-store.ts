import { localStorageStore, type Store } from 'react-admin';

/** The store keys kept per account rather than per browser: each list's saved filters (react-admin's useSavedQueries). */
export const isAccountKey = (key: string): boolean => key.endsWith('.savedQueries');

/**
 * react-admin's store, with each list's saved filters kept on the account instead of in this browser: read from
 * `saved` (the account's, fetched before the back office opens), written through `save`. A save the server
 * refuses puts the previous value back, so the list shows what is really kept. Everything else (columns, sort,
 * sidebar) stays in the browser as before. Signing out (reset) forgets the account's values here, never there.
 */
export function accountStore(saved: Record<string, unknown>, save: (key: string, value: unknown) => Promise<void>, browser: Store = localStorageStore()): Store {
  const values = new Map(Object.entries(saved));
  const listeners = new Map<string, Set<(value: unknown) => void>>();
  const publish = (key: string, value: unknown) => listeners.get(key)?.forEach((listener) => listener(value));
  const put = (key: string, value: unknown) => {
    const previous = values.get(key);
    if (value === undefined) values.delete(key);
    else values.set(key, value);
    publish(key, value);
    save(key, value ?? null).catch(() => {
      if (values.get(key) !== value) return; // changed again since: that save decides
      if (previous === undefined) values.delete(key);
      else values.set(key, previous);
      publish(key, previous);
    });
  };
  return {
    setup: () => browser.setup(),
    teardown: () => browser.teardown(),
    getItem: <T>(key: string, defaultValue?: T) => (isAccountKey(key) ? ((values.has(key) ? values.get(key) : defaultValue) as T | undefined) : browser.getItem(key, defaultValue)),
    setItem: (key, value) => (isAccountKey(key) ? put(key, value) : browser.setItem(key, value)),
    removeItem: (key) => (isAccountKey(key) ? put(key, undefined) : browser.removeItem(key)),
    removeItems: (prefix) => {
      browser.removeItems(prefix);
      for (const key of [...values.keys()]) if (key.startsWith(prefix)) put(key, undefined);
    },
    reset: () => {
      browser.reset();
      values.clear();
    },
    subscribe: (key, callback) => {
      if (!isAccountKey(key)) return browser.subscribe(key, callback);
      const set = listeners.get(key) ?? new Set();
      listeners.set(key, set.add(callback));
      return () => set.delete(callback);
    },
  };
}

/**
 * Saved filters this browser kept before they moved to the account, for lists the account keeps none of yet:
 * carried over once, so nobody loses the filters they saved.
 */
export function browserSavedFiltersToCarryOver(saved: Record<string, unknown>, browser: Store = localStorageStore()): Array<[string, unknown]> {
  const items = browser.listItems?.() ?? {};
  return Object.entries(items).filter(([key, value]) => isAccountKey(key) && !(key in saved) && Array.isArray(value) && value.length > 0);
}
