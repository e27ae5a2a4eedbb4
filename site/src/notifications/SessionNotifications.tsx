import type { ReactNode } from 'react';
import { useConfig } from '../config/ConfigContext';
import { useSession } from '../session/SessionProvider';
import { NotifyProvider } from './NotifyProvider';
import { Toasts } from './Toasts';

/** Notifications for whoever is signed in on the site (tenant or agent), over the socket the config names. */
export function SessionNotifications({ children }: { children: ReactNode }) {
  const { role } = useSession();
  const config = useConfig();
  const signedIn = role === 'front' || role === 'bill-payer' || role === 'agent';
  return (
    <NotifyProvider signedIn={signedIn} notifyUrl={config.status === 'ready' ? config.config.notifyUrl : null}>
      {children}
      <Toasts />
    </NotifyProvider>
  );
}
