import { tokenPermissions } from '@app/api/client';
import { hasAreaLevel } from '@app/api/rules';
import { callGraphql } from '../../providers/graphql-action';

const BROADCAST = 'mutation ($input: BroadcastNotificationInput!) { received: broadcastNotification(input: $input) }';

export interface BroadcastMessage {
  houseId?: number;
  agencyId?: number;
  title: string;
  message: string;
  notificationType: 'SUCCESS' | 'WARNING' | 'ERROR';
}

/** Sends one notification to a house's current tenants or an agency's agents; answers how many received it. */
export async function broadcastMessage(groupId: number, input: BroadcastMessage): Promise<number> {
  return (await callGraphql<{ received: number }>(BROADCAST, { input }, groupId)).received;
}

/** Broadcasting writes to customers' accounts: customers WRITE, as the server requires. */
export const canBroadcast = (): boolean => hasAreaLevel(tokenPermissions(), 'customers', 'WRITE');
