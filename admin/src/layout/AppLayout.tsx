import type { ReactNode } from 'react';
import { AppBar, Layout, LoadingIndicator, Sidebar, UserMenu, useGetIdentity, type SidebarProps } from 'react-admin';
import { NotificationsButton } from '../notifications/NotificationsButton';
import { GroupedMenu } from './GroupedMenu';
import { GroupSwitcher } from './GroupSwitcher';
import { GlobalSearch } from '../search/GlobalSearch';

/** The account menu, named with the name it shows (react-admin names it "Profile" while showing the user's name). */
function AccountMenu() {
  const { identity } = useGetIdentity();
  return <UserMenu label={identity?.fullName ? `${identity.fullName}, account menu` : 'Account menu'} />;
}

/** react-admin's sidebar, named: on a phone it opens as a dialog, which needs a name. */
function BackOfficeSidebar(props: SidebarProps) {
  return <Sidebar {...props} slotProps={{ paper: { 'aria-label': 'Menu' } }} />;
}

/** react-admin's top bar with the group switcher and the notification bell before its loading indicator and refresh button. */
function BackOfficeAppBar() {
  return (
    <AppBar
      userMenu={<AccountMenu />}
      toolbar={
        <>
          <GroupSwitcher />
          <GlobalSearch />
          <NotificationsButton />
          <LoadingIndicator />
        </>
      }
    />
  );
}

export function AppLayout({ children }: { children: ReactNode }) {
  return (
    // react-admin's layout is at least as wide as its content (min-width: fit-content) and its content column
    // at least as wide as its children (a flex item's min-width: auto): both may shrink, so wide tabs or tables
    // scroll inside the page instead of widening it past the window.
    <Layout menu={GroupedMenu} appBar={BackOfficeAppBar} sidebar={BackOfficeSidebar} sx={{ minWidth: 0, '& .RaLayout-content': { minWidth: 0 } }}>
      {children}
    </Layout>
  );
}
