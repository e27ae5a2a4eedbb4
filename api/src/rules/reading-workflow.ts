import type { READING_STATUSES } from './value-sets';

export type ReadingStatus = (typeof READING_STATUSES)[number];

/**
 * The reading workflow: the statuses staff may move a reading to from each status. A reading comes in
 * INITIAL or PENDING, is looked at (PROCESSING), then decided; a decided reading can still be disputed,
 * corrected or archived, and an archived one is history. FINAL readings (a contract's last) only leave by
 * dispute or archive, so a bill made from them is never quietly re-based. Saving the same status is no change.
 */
export const READING_TRANSITIONS: Readonly<Record<ReadingStatus, readonly ReadingStatus[]>> = {
  INITIAL: ['PENDING', 'PROCESSING', 'ARCHIVED'],
  PENDING: ['PROCESSING', 'APPROVED', 'APPROVED_FOR_BILLING', 'DECLINED', 'REJECTED', 'DISPUTE', 'CORRECTION', 'METER_ISSUE', 'ARCHIVED'],
  PROCESSING: ['PENDING', 'APPROVED', 'APPROVED_FOR_BILLING', 'DECLINED', 'REJECTED', 'DISPUTE', 'CORRECTION', 'METER_ISSUE'],
  APPROVED: ['APPROVED_FOR_BILLING', 'FINAL', 'DECLINED', 'DISPUTE', 'CORRECTION', 'ARCHIVED'],
  APPROVED_FOR_BILLING: ['FINAL', 'DISPUTE', 'CORRECTION', 'ARCHIVED'],
  FINAL: ['DISPUTE', 'ARCHIVED'],
  DECLINED: ['PENDING', 'APPROVED', 'ARCHIVED'],
  REJECTED: ['ARCHIVED'],
  DISPUTE: ['PROCESSING', 'APPROVED', 'APPROVED_FOR_BILLING', 'CORRECTION', 'DECLINED', 'REJECTED', 'ARCHIVED'],
  CORRECTION: ['PENDING', 'PROCESSING', 'APPROVED', 'APPROVED_FOR_BILLING', 'DECLINED', 'ARCHIVED'],
  METER_ISSUE: ['PENDING', 'PROCESSING', 'DECLINED', 'REJECTED', 'ARCHIVED'],
  ARCHIVED: [],
};

/** Statuses a bulk approval may set. */
export const BULK_APPROVAL_STATUSES = ['APPROVED', 'APPROVED_FOR_BILLING'] as const;

export function readingTransitionAllowed(from: string | null | undefined, to: string): boolean {
  if (!from || from === to) return true;
  return (READING_TRANSITIONS[from as ReadingStatus] ?? []).includes(to as ReadingStatus);
}

/** The statuses offered as buttons on a reading in `status`. */
export const nextReadingStatuses = (status: string): readonly ReadingStatus[] => READING_TRANSITIONS[status as ReadingStatus] ?? [];

export const readingTransitionMessage = (from: string, to: string): string =>
  nextReadingStatuses(from).length ? `A ${from} reading cannot become ${to}: it can become ${nextReadingStatuses(from).join(', ')}` : `A ${from} reading cannot change status`;
