import { graphqlRequest } from '@app/api/client';

/** Voiding and re-issuing statements (billing.graphql.ts), called outside the data provider like the bill runs'. */
const VOID_STATEMENT = 'mutation ($billId: ID!, $reason: String!) { bills: voidStatement(billId: $billId, reason: $reason) { id } }';
const REISSUE_STATEMENT = 'mutation ($billId: ID!, $reason: String) { result: reissueStatement(billId: $billId, reason: $reason) { houseStatement { id } emailsQueued } }';

/** The server's refusal as one line: the field messages, else the message ("Bill void error: …"). */
async function call<T>(query: string, variables: Record<string, unknown>, groupId: number): Promise<T> {
  const answer = await graphqlRequest<T>(query, variables, groupId);
  if (answer.errors.length || !answer.data) {
    const first = answer.errors[0];
    throw new Error(first?.message || first?.extensions?.fields?.map((field) => `${field.field} ${field.message}`).join('; ') || `HTTP ${answer.status}`);
  }
  return answer.data;
}

/** Voids the statement's set; answers how many bills were voided. */
export async function voidStatement(groupId: number, billId: string | number, reason: string): Promise<number> {
  return (await call<{ bills: Array<{ id: string }> }>(VOID_STATEMENT, { billId: String(billId), reason }, groupId)).bills.length;
}

/** Voids (if still issued) and issues the statement again; answers the new house statement's id. */
export async function reissueStatement(groupId: number, billId: string | number, reason: string): Promise<{ houseStatementId: string; emailsQueued: number }> {
  const { result } = await call<{ result: { houseStatement: { id: string }; emailsQueued: number } }>(REISSUE_STATEMENT, { billId: String(billId), reason }, groupId);
  return { houseStatementId: result.houseStatement.id, emailsQueued: result.emailsQueued };
}
