import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { DEFAULT_PHONE, DEFAULT_SITE_NAME, fetchPublicConfig, type PublicConfig } from './public-config';

export type ConfigState =
  | { status: 'loading' }
  | { status: 'ready'; config: PublicConfig }
  | { status: 'error' };

const ConfigContext = createContext<ConfigState>({ status: 'loading' });

// Fetches the public config once for the whole app. Pages render straight away and
// fill in config-dependent bits (phone, feature flags) when it arrives.
export function ConfigProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<ConfigState>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    fetchPublicConfig(controller.signal).then(
      (config) => setState({ status: 'ready', config }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Could not load the site config', error);
        setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, []);

  return <ConfigContext.Provider value={state}>{children}</ConfigContext.Provider>;
}

export function useConfig(): ConfigState {
  return useContext(ConfigContext);
}

export function useFeature(name: string): boolean {
  const state = useConfig();
  return state.status === 'ready' && state.config.enabledFeatures.includes(name);
}

/** Site name and phone for the text of the pages: the defaults until the config arrives (as prerendered). */
export function useSiteInfo(): { siteName: string; phone: string } {
  const state = useConfig();
  if (state.status !== 'ready') return { siteName: DEFAULT_SITE_NAME, phone: DEFAULT_PHONE };
  return { siteName: state.config.siteName, phone: state.config.phone || DEFAULT_PHONE };
}
