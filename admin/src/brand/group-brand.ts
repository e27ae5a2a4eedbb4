import { createContext, useContext } from 'react';
import { getToken } from '@app/api/client';

/** The group's brand the back office wears (api modules/brand): its name, colour, support address and logo. */
export interface GroupBrand {
  name: string;
  groupName: string;
  colour: string;
  supportEmail: string | null;
  /** The logo's address (public), or null: the mark is drawn instead. */
  logoUrl: string | null;
}

/** The product's own look (the public site's green), worn where no group's brand applies (the sign-in page) or is known yet. */
export const PRODUCT_BRAND: GroupBrand = { name: 'Shared House Bills', groupName: '', colour: '#0f5c4a', supportEmail: null, logoUrl: null };

/**
 * The group's brand; the product's own when it cannot be read (the back office still works, only unbranded).
 * A plain request, not graphqlRequest: a refusal here is cosmetic and must not end the session or send the
 * visitor to another area's sign-in (the back office's own auth check sends a non-staff visitor to /admin-signin).
 */
export async function fetchGroupBrand(groupId: number): Promise<GroupBrand> {
  const token = getToken();
  const body = await fetch('/api/v2/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-group-id': String(groupId), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query: '{ groupBrand { name groupName colour supportEmail logoUrl } }' }),
  })
    .then((response) => (response.ok ? (response.json() as Promise<{ data?: { groupBrand?: GroupBrand } }>) : null))
    .catch(() => null);
  return body?.data?.groupBrand ?? PRODUCT_BRAND;
}

export const GroupBrandContext = createContext<GroupBrand>(PRODUCT_BRAND);

export function useGroupBrand(): GroupBrand {
  return useContext(GroupBrandContext);
}
