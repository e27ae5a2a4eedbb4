import type { ReactNode } from 'react';
import { AppBar, Layout, LoadingIndicator } from 'react-admin';
import { NotificationsButton } from '../notifications/NotificationsButton';
import { GroupedMenu } from './GroupedMenu';

/** react-admin's top bar with the notification bell before its loading indicator and refresh button. */
function BackOfficeAppBar() {
  return (
    <AppBar
      toolbar={
        <>
          <NotificationsButton />
          <LoadingIndicator />
        </>
      }
    />
  );
}

export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <Layout menu={GroupedMenu} appBar={BackOfficeAppBar}>
      {children}
    </Layout>
  );
}
