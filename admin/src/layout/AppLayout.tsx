import type { ReactNode } from 'react';
import { Box, Divider, Typography } from '@mui/material';
import { AppBar, Layout, LoadingIndicator, Sidebar, TitlePortal, UserMenu, useGetIdentity, type SidebarProps } from 'react-admin';
import { BrandMark } from '../brand/BrandMark';
import { textOn } from '../brand/brand-theme';
import { useGroupBrand } from '../brand/group-brand';
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

/**
 * The group's brand at the start of the top bar: its logo (on a white ground, as statements print it) or else its
 * mark, and its name from a tablet up (a phone keeps the page's title).
 */
function BrandTitle() {
  const brand = useGroupBrand();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mr: 1.5, minWidth: 0, flexShrink: 0 }}>
      {brand.logoUrl ? (
        <Box component="img" src={brand.logoUrl} alt="" sx={{ height: 30, maxWidth: 120, objectFit: 'contain', bgcolor: '#ffffff', borderRadius: 1, p: 0.25 }} />
      ) : (
        <BrandMark colour={brand.colour} inverted={textOn(brand.colour) === '#ffffff'} size={26} />
      )}
      <Typography component="span" variant="subtitle1" sx={{ fontWeight: 700, whiteSpace: 'nowrap', display: { xs: 'none', md: 'inline' } }}>
        {brand.name}
      </Typography>
      <Divider orientation="vertical" flexItem sx={{ borderColor: 'currentColor', opacity: 0.4, ml: 0.5, display: { xs: 'none', md: 'block' } }} />
    </Box>
  );
}

/**
 * react-admin's top bar in the group's brand (its colour, mark and name before the page's title), with the group
 * switcher and the notification bell before its loading indicator and refresh button.
 */
function BackOfficeAppBar() {
  const brand = useGroupBrand();
  return (
    <AppBar
      userMenu={<AccountMenu />}
      sx={{ bgcolor: brand.colour, color: textOn(brand.colour) }}
      toolbar={
        <>
          <GroupSwitcher />
          <GlobalSearch />
          <NotificationsButton />
          <LoadingIndicator />
        </>
      }
    >
      <BrandTitle />
      <TitlePortal />
    </AppBar>
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
