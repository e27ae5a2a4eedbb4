import { tokenPermissions } from '@app/api/client';
import { hasAreaLevel } from '@app/api/rules';
import { callGraphql } from '../../providers/graphql-action';

export interface QuoteForm {
  postcode: string;
  bedrooms: number;
  numberOfTenants: number;
  services: string[];
  broadbandSpeed: string | null;
  billingType: string;
  planType: string | null;
  energyUseType: string;
  supplyType: string;
  startDate: string;
  endDate: string;
  paymentFrequency: string;
  marginType: string;
}

export interface PricedQuote {
  regionName: string;
  days: number;
  marginBasisPoints: number;
  lines: Array<{ utilityType: string; label: string; totalPence: number; marginPence: number; vatPence: number; allowanceKwh: number | null; estimatedKwh: number | null }>;
  houseTotalPence: number;
  houseWeeklyPence: number;
  weeklyPerTenantPence: number;
  monthlyPerTenantPence: number;
  instalmentsPerYear: number;
  instalmentPerTenantPence: number;
}

const QUOTE = `query ($input: QuoteInput!) { quote(input: $input) {
  regionName days marginBasisPoints
  lines { utilityType label totalPence marginPence vatPence allowanceKwh estimatedKwh }
  houseTotalPence houseWeeklyPence weeklyPerTenantPence monthlyPerTenantPence instalmentsPerYear instalmentPerTenantPence } }`;

export async function priceQuote(groupId: number, input: QuoteForm): Promise<PricedQuote> {
  return (await callGraphql<{ quote: PricedQuote }>(QUOTE, { input }, groupId)).quote;
}

export async function saveWeeklyQuote(groupId: number, input: QuoteForm): Promise<string> {
  const SAVE = 'mutation ($input: QuoteInput!) { saved: createWeeklyQuote(input: $input) { id } }';
  return (await callGraphql<{ saved: { id: string } }>(SAVE, { input }, groupId)).saved.id;
}

export const canSaveQuotes = (): boolean => hasAreaLevel(tokenPermissions(), 'quotes', 'WRITE');
export const canPriceQuotes = (): boolean => hasAreaLevel(tokenPermissions(), 'quotes', 'READ');
