import { tokenPermissions } from '@app/api/client';
import { hasAreaLevel } from '@app/api/rules';
import { callGraphql } from '../../providers/graphql-action';

const SEND = 'mutation ($houseContractId: ID!) { sentTo: sendBillContract(houseContractId: $houseContractId) }';

/** E-mails the BILL contract to the tenants; answers the addresses, or throws the server's message ("Update to Bill before sending a contract"). */
export async function sendBillContract(groupId: number, houseContractId: string | number): Promise<string[]> {
  return (await callGraphql<{ sentTo: string[] }>(SEND, { houseContractId: String(houseContractId) }, groupId)).sentTo;
}

/** Sending acts on the contract: properties WRITE. */
export const canSendContracts = (): boolean => hasAreaLevel(tokenPermissions(), 'properties', 'WRITE');
