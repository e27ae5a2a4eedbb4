import { StrictMode } from 'react';
import { ConfigProvider } from './config/ConfigContext';
import { AppRoutes } from './routes';
import { SessionProvider } from './session/SessionProvider';
import { SessionNotifications } from './notifications/SessionNotifications';

/** The whole site inside a router given by the caller: BrowserRouter in the browser, StaticRouter when prerendering. */
export function App() {
  return (
    <StrictMode>
      <ConfigProvider>
        <SessionProvider>
          <SessionNotifications>
            <AppRoutes />
          </SessionNotifications>
        </SessionProvider>
      </ConfigProvider>
    </StrictMode>
  );
}

/** "/help/" and "/help" are the same page; the registry is keyed without the trailing slash. */
export function normalisePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}
