import { useEffect, useState } from 'react';
import { graphqlRequest } from '@app/api/client';
import type { TenantMenuFacts } from '../ui/menus';

const MENU_FACTS = '{ getUserContracts { currentUser { isEnergyBill } hasEnergyUseContracts } }';
const NONE: TenantMenuFacts = { isEnergyBillUser: false, hasEnergyUseContracts: false };

/**
 * The tenant menu's visibility facts (§2.9) as the server answers them through getUserContracts (§7): asked
 * only for front and bill-payer users (§6), once per signed-in user. Until the answer arrives the menu
 * shows only what every tenant has (no Energy Usage Graphs, no My Energy Bill).
 */
export function useTenantMenuFacts(role: string | null, userId: number | null): TenantMenuFacts & { known: boolean } {
  const [facts, setFacts] = useState<{ key: string; facts: TenantMenuFacts } | null>(null);
  const tenant = role === 'front' || role === 'bill-payer';
  const key = `${role}:${userId}`;
  useEffect(() => {
    if (!tenant) return;
    let live = true;
    void graphqlRequest<{ getUserContracts: { currentUser: { isEnergyBill: boolean }; hasEnergyUseContracts: boolean } }>(MENU_FACTS)
      .then((answer) => {
        const data = answer.data?.getUserContracts;
        if (live && data) setFacts({ key, facts: { isEnergyBillUser: data.currentUser.isEnergyBill, hasEnergyUseContracts: data.hasEnergyUseContracts } });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [tenant, key]);
  return facts && facts.key === key && tenant ? { ...facts.facts, known: true } : { ...NONE, known: false };
}
