import { tokenPermissions } from '@app/api/client';
import { hasAreaLevel } from '@app/api/rules';
import { callGraphql } from '../../providers/graphql-action';

const INVITE = 'mutation ($tenantId: ID!) { email: inviteTenant(tenantId: $tenantId) }';

/** Sends the tenant the welcome e-mail with a set-password link; answers the address it went to. */
export async function inviteTenant(groupId: number, tenantId: string | number): Promise<string> {
  return (await callGraphql<{ email: string }>(INVITE, { tenantId: String(tenantId) }, groupId)).email;
}

/** Inviting writes to the customer's account: customers WRITE, as the server requires. */
export const canInvite = (): boolean => hasAreaLevel(tokenPermissions(), 'customers', 'WRITE');
