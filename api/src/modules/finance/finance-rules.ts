import { DomainError } from '../../errors/domain-error';
import { isIsoDate } from '../../rules';

/** Texts the finance services report. */
export const FINANCE_MESSAGES = {
  periodOrder: 'The period must end on or after its start',
  dateFormat: 'A date as YYYY-MM-DD',
  journalOverlaps: (id: number, start: string, end: string) =>
    `A generated sales journal (#${id}, ${start} to ${end}) already covers part of this period: reverse it before generating another`,
  journalNotFound: (id: string) => `No sales journal ${id}`,
  journalAlreadyReversed: (id: number) => `Sales journal #${id} is already reversed`,
  reversalNotReversible: (id: number) => `Sales journal #${id} is a reversal: it cannot be reversed (generate the period again instead)`,
  exportNotFound: (id: string) => `No accounting export ${id}`,
  exportOverlaps: (id: number, source: string, start: string, end: string) =>
    `An accounting export of ${source} (#${id}, ${start} to ${end}) already covers part of this period`,
  sourceNotSupported: (source: string) => `Accounting exports of ${source} are not available yet`,
  notExportedYet: (id: number) => `Accounting export #${id} has not been exported yet: export its CSV first`,
  alreadyInSage: (id: number) => `Accounting export #${id} is already marked as exported to Sage`,
  rejectionsHeader: 'The rejections file needs a header row with a Reference column and a Reason (or Error, Message) column',
  rejectionsEmpty: 'The rejections file names no rows',
  unknownReferences: (references: string[]) => `No row of this export has the reference ${references.join(', ')}`,
} as const;

export interface Period {
  periodStart: string;
  periodEnd: string;
}

/** A period of YYYY-MM-DD dates, inclusive, ending on or after its start; field errors otherwise. */
export function checkPeriod({ periodStart, periodEnd }: Period): Period {
  const errors = [];
  if (!isIsoDate(periodStart)) errors.push({ field: 'periodStart', rule: 'date', message: FINANCE_MESSAGES.dateFormat });
  if (!isIsoDate(periodEnd)) errors.push({ field: 'periodEnd', rule: 'date', message: FINANCE_MESSAGES.dateFormat });
  if (!errors.length && periodEnd < periodStart) errors.push({ field: 'periodEnd', rule: 'periodOrder', message: FINANCE_MESSAGES.periodOrder });
  if (errors.length) throw DomainError.invalid(errors);
  return { periodStart, periodEnd };
}

/** A record id from GraphQL (an ID is a string): a positive whole number, or not found. */
export function recordId(id: string | number, notFound: (id: string) => string): number {
  const text = String(id);
  if (!/^\d{1,9}$/.test(text) || Number(text) < 1) throw new DomainError('NOT_FOUND', notFound(text));
  return Number(text);
}

/** A PostgreSQL error's SQLSTATE and constraint name, when it is one. */
export function pgError(error: unknown): { code?: string; constraint?: string } {
  return typeof error === 'object' && error !== null ? (error as { code?: string; constraint?: string }) : {};
}
