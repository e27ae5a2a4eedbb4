import { tokenPermissions } from '@app/api/client';
import { hasAreaLevel } from '@app/api/rules';
import { callGraphql } from '../../providers/graphql-action';

const UPDATE = `mutation ($id: ID!, $status: String, $completionResult: String, $completedDate: String, $notes: String) {
  visit: updateHouseVisit(id: $id, status: $status, completionResult: $completionResult, completedDate: $completedDate, notes: $notes) { id status }
}`;

export interface VisitMove {
  status: string;
  completionResult?: string | null;
  completedDate?: string | null;
  notes?: string | null;
}

/** Moves a visit along its workflow; the server checks the move (rules/visit-workflow.ts) and audits it. */
export async function moveVisit(groupId: number, id: string | number, move: VisitMove): Promise<void> {
  await callGraphql(UPDATE, { id: String(id), ...move }, groupId);
}

/** Working a visit is writing house visits (staff and partner desks alike). */
export const canWorkVisits = (): boolean => hasAreaLevel(tokenPermissions(), 'houseVisits', 'WRITE');
