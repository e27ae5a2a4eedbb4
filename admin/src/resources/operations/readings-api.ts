import { tokenPermissions } from '@app/api/client';
import { hasAreaLevel } from '@app/api/rules';
import { callGraphql } from '../../providers/graphql-action';

const APPROVE = 'mutation ($ids: [ID!]!, $status: String) { result: approveMeterReadings(ids: $ids, status: $status) { changed unchanged refused { id message } } }';
const UPDATE = 'mutation ($id: ID!, $status: String) { reading: updateMeterReading(id: $id, status: $status) { id status } }';

export interface ApprovalResult {
  changed: string[];
  unchanged: string[];
  refused: Array<{ id: string; message: string }>;
}

/** Approves the selected readings (at most 1000); the server says which moved, which already were, which may not. */
export async function approveReadings(groupId: number, ids: ReadonlyArray<string | number>, status = 'APPROVED'): Promise<ApprovalResult> {
  return (await callGraphql<{ result: ApprovalResult }>(APPROVE, { ids: ids.map(String), status }, groupId)).result;
}

/** Moves one reading to a status of the workflow (the server refuses any other move). */
export async function changeReadingStatus(groupId: number, id: string | number, status: string): Promise<void> {
  await callGraphql(UPDATE, { id: String(id), status }, groupId);
}

/** Deciding on readings is writing meter readings. */
export const canDecideReadings = (): boolean => hasAreaLevel(tokenPermissions(), 'meterReadings', 'WRITE');

/** "3 approved, 1 already approved, 1 refused: …" */
export function approvalSummary(result: ApprovalResult, status: string): string {
  const parts = [`${result.changed.length} ${status === 'APPROVED' ? 'approved' : 'approved for billing'}`];
  if (result.unchanged.length) parts.push(`${result.unchanged.length} already were`);
  if (result.refused.length) parts.push(`${result.refused.length} refused: ${result.refused[0]?.message ?? ""}`);
  return parts.join(', ');
}
