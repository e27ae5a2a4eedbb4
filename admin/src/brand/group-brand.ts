import { createContext, useContext } from 'react';
import { graphqlRequest } from '@app/api/client';

/** The group's brand the back office wears (api modules/brand): its name, colour and support address. */
export interface GroupBrand {
  name: string;
  groupName: string;
  colour: string;
  supportEmail: string | null;
}

/** The product's own look (the public site's green), worn where no group's brand applies (the sign-in page) or is known yet. */
export const PRODUCT_BRAND: GroupBrand = { name: 'Shared House Bills', groupName: '', colour: '#0f5c4a', supportEmail: null };

/** The group's brand; the product's own when it cannot be read (the back office still works, only unbranded). */
export async function fetchGroupBrand(groupId: number): Promise<GroupBrand> {
  const answer = await graphqlRequest<{ groupBrand: GroupBrand }>('{ groupBrand { name groupName colour supportEmail } }', {}, groupId).catch(() => null);
  return answer?.data?.groupBrand ?? PRODUCT_BRAND;
}

export const GroupBrandContext = createContext<GroupBrand>(PRODUCT_BRAND);

export function useGroupBrand(): GroupBrand {
  return useContext(GroupBrandContext);
}
