import { tokenPermissions } from '@app/api/client';
import { hasAreaLevel } from '@app/api/rules';
import { callGraphql } from '../../providers/graphql-action';

/** Crediting a month of a rebate scheme (rebates.graphql.ts), called outside the data provider. */
const CREDIT = 'mutation ($month: String!, $method: String!, $houseContractId: ID) { result: creditGovernmentRebate(month: $month, method: $method, houseContractId: $houseContractId) { rebatesCreated message } }';

export interface RebateCreditAnswer {
  rebatesCreated: number;
  message: string;
}

/** Credits the month; answers what was created and the server's summary ("Already credited: …" the second time). */
export async function creditGovernmentRebate(groupId: number, input: { month: string; method: string; houseContractId: string | null }): Promise<RebateCreditAnswer> {
  return (await callGraphql<{ result: RebateCreditAnswer }>(CREDIT, input, groupId)).result;
}

/** Crediting needs governmentRebates WRITE. */
export const canCreditRebates = (): boolean => hasAreaLevel(tokenPermissions(), 'governmentRebates', 'WRITE');
