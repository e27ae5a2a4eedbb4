import { tokenPermissions } from '@app/api/client';
import { hasAreaLevel } from '@app/api/rules';
import { callGraphql } from '../../providers/graphql-action';

export interface ContractPayments {
  paymentMethod: string;
  hasActiveCard: boolean;
  methods: Array<{ id: string; description: string; state: string; isActive: boolean }>;
  schedules: Array<{ id: string; description: string; status: string; nextDates: string[] }>;
  collections: Array<{ id: string; collectionDate: string; amountPence: number; channel: string; status: string; attempt: number; failureReason: string | null }>;
  refunds: Array<{ id: string; amountPence: number; refundType: string; status: string; reason: string | null; requestedOn: string }>;
}

const PAYMENTS = `query ($id: ID!) { payments: tenantContractPayments(tenantContractId: $id) {
  paymentMethod hasActiveCard
  methods { id description state isActive }
  schedules { id description status nextDates }
  collections { id collectionDate amountPence channel status attempt failureReason }
  refunds { id amountPence refundType status reason requestedOn } } }`;

export async function loadContractPayments(groupId: number, tenantContractId: string): Promise<ContractPayments> {
  return (await callGraphql<{ payments: ContractPayments }>(PAYMENTS, { id: tenantContractId }, groupId)).payments;
}

export async function takeCardPayment(groupId: number, tenantContractId: string, amountPence: number, idempotencyKey: string) {
  const TAKE = 'mutation ($id: ID!, $amount: Int!, $key: String!) { payment: takeCardPayment(tenantContractId: $id, amountPence: $amount, idempotencyKey: $key) { collectionStatus failureReason } }';
  return (await callGraphql<{ payment: { collectionStatus: string; failureReason: string | null } }>(TAKE, { id: tenantContractId, amount: amountPence, key: idempotencyKey }, groupId)).payment;
}

export async function sendPaymentLink(groupId: number, tenantContractId: string): Promise<string> {
  return (await callGraphql<{ sent: string }>('mutation ($id: ID!) { sent: sendPaymentLink(tenantContractId: $id) }', { id: tenantContractId }, groupId)).sent;
}

export async function settleRefund(groupId: number, refundId: string, action: 'authorizeRefund' | 'cancelRefund'): Promise<void> {
  await callGraphql(`mutation ($id: ID!) { ${action}(id: $id) { id } }`, { id: refundId }, groupId);
}

/** Money actions need payments WRITE, as the server requires; paying a refund out also AUTHORIZE_REFUND. */
export const canChangePayments = (): boolean => hasAreaLevel(tokenPermissions(), 'payments', 'WRITE');
