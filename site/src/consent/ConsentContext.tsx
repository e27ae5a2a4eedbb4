import { createContext, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useConfig } from '../config/ConfigContext';
import { CATEGORIES, parseConsent, type ConsentCategory } from './consent-cookie';
import { consentSnapshot, serverConsentSnapshot, subscribeConsent, writeConsent } from './consent-store';
import { CookieBanner } from './CookieBanner';
import { CookieSettingsDialog } from './CookieSettingsDialog';
import { applyTrackers } from './trackers';

type ConsentApi = {
  /** undefined until read in the browser (the prerendered HTML knows no cookie); null: not chosen yet. */
  consent: ConsentCategory[] | null | undefined;
  save(categories: readonly ConsentCategory[]): void;
  openSettings(): void;
};

const ConsentContext = createContext<ConsentApi>({ consent: undefined, save: () => undefined, openSettings: () => undefined });

export function useConsent(): ConsentApi {
  return useContext(ConsentContext);
}

/** Cookie consent of specification §4: the banner, the settings dialog and the trackers they allow. */
export function ConsentProvider({ children }: { children: ReactNode }) {
  // The server snapshot (undefined) is also used while hydrating, so the first frame matches the HTML.
  const raw = useSyncExternalStore(subscribeConsent, consentSnapshot, serverConsentSnapshot);
  const consent = useMemo(() => (typeof raw === 'string' ? parseConsent(raw) : raw), [raw]);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const config = useConfig();
  const trackerIds = config.status === 'ready' ? config.config.trackerIds : null;

  useEffect(() => {
    if (!consent || !trackerIds) return;
    return applyTrackers(consent, trackerIds);
  }, [consent, trackerIds]);

  const save = useCallback((categories: readonly ConsentCategory[]) => {
    writeConsent(categories);
    setSettingsOpen(false);
  }, []);
  const openSettings = useCallback(() => setSettingsOpen(true), []);
  const api = useMemo(() => ({ consent, save, openSettings }), [consent, save, openSettings]);

  return (
    <ConsentContext.Provider value={api}>
      {children}
      {consent === null ? <CookieBanner onSave={save} onMoreSettings={openSettings} /> : null}
      {settingsOpen ? <CookieSettingsDialog initial={consent ?? [...CATEGORIES]} onSave={save} onClose={() => setSettingsOpen(false)} /> : null}
    </ConsentContext.Provider>
  );
}
