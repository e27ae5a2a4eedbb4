import type { HOUSE_VISIT_STATUSES } from './value-sets';

export type VisitStatus = (typeof HOUSE_VISIT_STATUSES)[number];

/**
 * The house visit workflow (specification §4): a visit is booked PENDING, the officer reports it for REVIEW once
 * at the house (the result and photos), and it ends COMPLETE or CANCELLED. A report that needs more work goes
 * back to PENDING. COMPLETE and CANCELLED are the end: a finished visit is what happened at the house (a warrant
 * of entry, a refused entry), so it is never rewritten. Saving the same status is no change.
 */
export const VISIT_TRANSITIONS: Readonly<Record<VisitStatus, readonly VisitStatus[]>> = {
  PENDING: ['REVIEW', 'CANCELLED'],
  REVIEW: ['PENDING', 'COMPLETE', 'CANCELLED'],
  COMPLETE: [],
  CANCELLED: [],
};

/** Statuses after which a visit no longer changes. */
export const FINISHED_VISIT_STATUSES: readonly VisitStatus[] = ['COMPLETE', 'CANCELLED'];

/** Statuses that record what happened at the house, so they need the completion result (and the date it was). */
export const VISIT_STATUSES_WITH_RESULT: readonly VisitStatus[] = ['REVIEW', 'COMPLETE'];

export function visitTransitionAllowed(from: string | null | undefined, to: string): boolean {
  if (!from || from === to) return true;
  return (VISIT_TRANSITIONS[from as VisitStatus] ?? []).includes(to as VisitStatus);
}

/** The statuses offered as buttons on a visit in `status`. */
export const nextVisitStatuses = (status: string): readonly VisitStatus[] => VISIT_TRANSITIONS[status as VisitStatus] ?? [];

export const isFinishedVisit = (status: unknown): boolean => FINISHED_VISIT_STATUSES.includes(status as VisitStatus);

/** The verb on a button that moves a visit to `status`. */
export const VISIT_ACTION_LABELS: Readonly<Record<VisitStatus, string>> = {
  PENDING: 'Send back',
  REVIEW: 'Send for review',
  COMPLETE: 'Complete',
  CANCELLED: 'Cancel visit',
};

export const VISIT_MESSAGES = {
  transition: (from: string, to: string) =>
    nextVisitStatuses(from).length ? `A ${from} visit cannot become ${to}: it can become ${nextVisitStatuses(from).join(', ')}` : `A ${from} visit cannot change status`,
  finished: (status: string) => `A ${status} visit is not changed any more`,
  needsResult: 'Say what happened at the visit: the completion result',
  needsDate: 'Enter the date of the visit',
} as const;
