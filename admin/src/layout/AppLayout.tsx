import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { GroupedMenu } from './GroupedMenu';

export function AppLayout({ children }: { children: ReactNode }) {
  return <Layout menu={GroupedMenu}>{children}</Layout>;
}
