import { useCallback, useEffect, useState } from 'react';
import { fieldMessages, graphqlRequest, type GraphQLAnswer } from '@app/api/client';
import { formatDisplayDate, VALUE_LABELS } from '@app/api/rules';

/*
 * The tenant pages' calls and formatting. Every query is answered by the server for the signed-in tenant
 * only (api/src/modules/tenant-area); the pages never send a tenant id.
 */

export interface TenantQuery<T> {
  data: T | null;
  error: string | null;
  reload(): void;
}

/** Runs a tenant-area query after mount (pages render only once the session is known, see RequireRole). */
export function useTenantQuery<T>(query: string, variables: Record<string, unknown> = {}): TenantQuery<T> {
  const [state, setState] = useState<{ data: T | null; error: string | null }>({ data: null, error: null });
  const [generation, setGeneration] = useState(0);
  const key = JSON.stringify(variables);
  useEffect(() => {
    let live = true;
    void graphqlRequest<T>(query, JSON.parse(key) as Record<string, unknown>)
      .then((answer) => live && setState({ data: answer.data, error: answer.errors[0]?.message ?? null }))
      .catch(() => live && setState({ data: null, error: 'We could not load this page. Please try again.' }));
    return () => {
      live = false;
    };
  }, [query, key, generation]);
  const reload = useCallback(() => setGeneration((n) => n + 1), []);
  return { ...state, reload };
}

export async function tenantMutation<T>(query: string, variables: Record<string, unknown>): Promise<{ answer: GraphQLAnswer<T>; fields: Record<string, string> }> {
  const answer = await graphqlRequest<T>(query, variables);
  return { answer, fields: fieldMessages(answer) };
}

/** Pence as pounds, e.g. 9317 → £93.17. */
export { formatPounds as money } from '@app/api/rules';
/** DD/MM/YYYY (specification §5). */
export function day(iso: string | null | undefined): string {
  return iso ? formatDisplayDate(iso) : '—';
}
export function label(value: string | null | undefined): string {
  if (!value) return '—';
  return VALUE_LABELS[value] ?? value.charAt(0) + value.slice(1).toLowerCase().replace(/_/g, ' ');
}
/** A broadband speed in words: 1000 is sold as 1 GB (§1). */
export function speed(value: string | null | undefined): string {
  return !value ? '—' : value === '1000' ? '1 GB' : `${value} Mbps`;
}

/** What a service's status means for the tenant, in words. */
export function serviceStatusText(status: string): string {
  const words: Record<string, string> = {
    NOT_ORDERED: 'Not ordered yet',
    ORDERED_BY_THE_TENANT: 'Ordered — we are setting it up',
    ACTIONED_BY_PROVIDER: 'With the supplier — being set up',
    OBJECTED: 'Delayed — the switch was objected to; we are sorting it out',
    ACTIVE: 'Active — supplied by us',
    TO_CANCEL: 'Ending — to be cancelled',
    PENDING_CANCELLATION: 'Ending — cancellation in progress',
    CANCELLED: 'Cancelled',
    UNCLEAR_INFO: 'On hold — we need more information',
  };
  return words[status] ?? label(status);
}
export function broadbandChangeText(change: string | null | undefined): string {
  const words: Record<string, string> = {
    FINAL_TEXT: 'Final confirmation sent',
    APPOINTMENT_EMAIL_AND_TEXT: 'Installation appointment booked (e-mail and text sent)',
    ORDER_PLACED: 'Order placed with the provider',
    INSTALLED: 'Installed and working',
    CEASED: 'Line ceased',
  };
  return change ? (words[change] ?? label(change)) : 'No order yet';
}

export const CONTRACT_FIELDS = 'id startDate endDate signUpDate eoyAction status paymentMethod planType billingType address period';
export const USER_CONTRACTS = `query { getUserContracts { currentUser { id firstName lastName email isEnergyBill } hasEnergyUseContracts contracts { ${CONTRACT_FIELDS} houseContract { id numberOfTenants house { id bedrooms address { streetName address2 cityName county postCode } } services { id utilityType utilityStatus broadbandSpeed broadbandChange changeStatus requestedBroadbandSpeed } } } } }`;

export interface Service {
  id: number;
  utilityType: string;
  utilityStatus: string;
  broadbandSpeed: string | null;
  broadbandChange: string | null;
  changeStatus: string | null;
  requestedBroadbandSpeed: string | null;
}
export interface UserContract {
  id: number;
  startDate: string;
  endDate: string;
  signUpDate: string;
  eoyAction: string | null;
  status: string;
  paymentMethod: string;
  planType: string | null;
  billingType: string;
  address: string;
  period: 'PREVIOUS' | 'CURRENT' | 'FUTURE';
  houseContract: {
    id: number;
    numberOfTenants: number;
    house: { id: number; bedrooms: number; address: { streetName: string; address2: string | null; cityName: string; county: string | null; postCode: string } };
    services: Service[];
  };
}
export interface UserContracts {
  getUserContracts: { currentUser: { id: number; firstName: string; lastName: string; email: string; isEnergyBill: boolean }; hasEnergyUseContracts: boolean; contracts: UserContract[] };
}
