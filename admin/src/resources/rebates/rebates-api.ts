import { graphqlRequest, tokenPermissions } from '@app/api/client';
import { hasAreaLevel } from '@app/api/rules';

/** Crediting a month of a rebate scheme (rebates.graphql.ts), called outside the data provider. */
const CREDIT = 'mutation ($month: String!, $method: String!, $houseContractId: ID) { result: creditGovernmentRebate(month: $month, method: $method, houseContractId: $houseContractId) { rebatesCreated message } }';

export interface RebateCreditAnswer {
  rebatesCreated: number;
  message: string;
}

/** Credits the month; answers what was created and the server's summary ("Already credited: …" the second time). */
export async function creditGovernmentRebate(groupId: number, input: { month: string; method: string; houseContractId: string | null }): Promise<RebateCreditAnswer> {
  const answer = await graphqlRequest<{ result: RebateCreditAnswer }>(CREDIT, input, groupId);
  if (answer.errors.length || !answer.data) {
    const first = answer.errors[0];
    throw new Error(first?.extensions?.fields?.map((field) => field.message).join('; ') || first?.message || `HTTP ${answer.status}`);
  }
  return answer.data.result;
}

/** Crediting needs governmentRebates WRITE. */
export const canCreditRebates = (): boolean => hasAreaLevel(tokenPermissions(), 'governmentRebates', 'WRITE');
