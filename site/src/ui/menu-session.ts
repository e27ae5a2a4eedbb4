import { createContext, useContext } from 'react';
import type { TenantMenuFacts } from './menus';

/**
 * What the header needs to know about the signed-in user. The site has no session yet (sign-in arrives with
 * the identity work, which will provide this context); without a provider every visitor is anonymous.
 */
export type MenuSession = TenantMenuFacts & {
  role: 'agent' | 'front' | 'bill-payer' | 'admin';
  logout(): void;
};

export const MenuSessionContext = createContext<MenuSession | null>(null);

export function useMenuSession(): MenuSession | null {
  return useContext(MenuSessionContext);
}
