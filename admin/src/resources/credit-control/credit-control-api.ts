import { tokenPermissions } from '@app/api/client';
import { hasAreaLevel } from '@app/api/rules';
import { callGraphql } from '../../providers/graphql-action';

export interface BoardCase {
  id: string;
  stage: string;
  status: string;
  tenantName: string;
  house: string | null;
  debt: string;
  daysOverdue: number;
  nextChasedDate: string | null;
  dueToday: boolean;
  assignedTo: string | null;
}

export interface Board {
  today: string;
  stages: Array<{ value: string; label: string }>;
  cases: BoardCase[];
}

export interface TimelineEvent {
  at: string;
  kind: 'MESSAGE' | 'PAYMENT' | 'CHANGE';
  text: string;
  by: string;
}

const BOARD = `query ($dueToday: Boolean) { board: creditControlBoard(dueToday: $dueToday) {
  today stages { value label } cases { id stage status tenantName house debt daysOverdue nextChasedDate dueToday assignedTo } } }`;

export async function loadBoard(groupId: number, dueToday: boolean): Promise<Board> {
  return (await callGraphql<{ board: Board }>(BOARD, { dueToday }, groupId)).board;
}

export async function moveCase(groupId: number, id: string, stage: string): Promise<{ messageQueued: boolean }> {
  const MOVE = 'mutation ($id: ID!, $stage: String!) { moved: moveCreditControlCase(id: $id, stage: $stage) { messageQueued } }';
  return (await callGraphql<{ moved: { messageQueued: boolean } }>(MOVE, { id, stage }, groupId)).moved;
}

export async function loadTimeline(groupId: number, caseId: string): Promise<TimelineEvent[]> {
  return (await callGraphql<{ events: TimelineEvent[] }>('query ($id: ID!) { events: creditControlTimeline(caseId: $id) { at kind text by } }', { id: caseId }, groupId)).events;
}

export async function agreeRepaymentPlan(groupId: number, input: { caseId: string; amountPence: number; firstPaymentDate: string; repaymentType: string }): Promise<{ repayments: number }> {
  const PLAN = `mutation ($caseId: ID!, $amountPence: Int!, $firstPaymentDate: String!, $repaymentType: String!) {
    plan: agreeRepaymentPlan(caseId: $caseId, amountPence: $amountPence, firstPaymentDate: $firstPaymentDate, repaymentType: $repaymentType) { repayments } }`;
  return (await callGraphql<{ plan: { repayments: number } }>(PLAN, input, groupId)).plan;
}

/** Moving cases and agreeing plans need credit control WRITE, as the server requires. */
export const canWorkCases = (): boolean => hasAreaLevel(tokenPermissions(), 'creditControl', 'WRITE');
export const canSeeBoard = (): boolean => hasAreaLevel(tokenPermissions(), 'creditControl', 'READ');

export interface MessagePreview {
  channel: 'EMAIL' | 'SMS';
  to: string | null;
  subject: string | null;
  text: string;
  characters: number;
  problems: string[];
}

const PREVIEW = `query ($id: ID!, $tenantContractId: ID!, $subject: String, $body: String) {
  preview: previewMessageTemplate(id: $id, tenantContractId: $tenantContractId, subject: $subject, body: $body) { channel to subject text characters problems } }`;

/** The template as the tenant of `tenantContractId` would get it, with the text being edited. */
export async function previewTemplate(groupId: number, input: { id: string; tenantContractId: string; subject: string | null; body: string }): Promise<MessagePreview> {
  return (await callGraphql<{ preview: MessagePreview }>(PREVIEW, input, groupId)).preview;
}

export async function sendTestMessage(groupId: number, input: { id: string; tenantContractId: string; subject: string | null; body: string }): Promise<string> {
  const SEND = 'mutation ($id: ID!, $tenantContractId: ID!, $subject: String, $body: String) { sent: sendTestMessage(id: $id, tenantContractId: $tenantContractId, subject: $subject, body: $body) }';
  return (await callGraphql<{ sent: string }>(SEND, input, groupId)).sent;
}
