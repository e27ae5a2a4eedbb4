import { callGraphql as call } from '../../providers/graphql-action';

/** Voiding and re-issuing statements (billing.graphql.ts), called outside the data provider like the bill runs'. */
const VOID_STATEMENT = 'mutation ($billId: ID!, $reason: String!) { bills: voidStatement(billId: $billId, reason: $reason) { id } }';
const REISSUE_STATEMENT = 'mutation ($billId: ID!, $reason: String) { result: reissueStatement(billId: $billId, reason: $reason) { houseStatement { id } emailsQueued } }';


/** Voids the statement's set; answers how many bills were voided. */
export async function voidStatement(groupId: number, billId: string | number, reason: string): Promise<number> {
  return (await call<{ bills: Array<{ id: string }> }>(VOID_STATEMENT, { billId: String(billId), reason }, groupId)).bills.length;
}

/** Voids (if still issued) and issues the statement again; answers the new house statement's id. */
export async function reissueStatement(groupId: number, billId: string | number, reason: string): Promise<{ houseStatementId: string; emailsQueued: number }> {
  const { result } = await call<{ result: { houseStatement: { id: string }; emailsQueued: number } }>(REISSUE_STATEMENT, { billId: String(billId), reason }, groupId);
  return { houseStatementId: result.houseStatement.id, emailsQueued: result.emailsQueued };
}
