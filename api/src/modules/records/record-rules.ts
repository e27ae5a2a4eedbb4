import type { Knex } from '@app/db';
import type { AuthUser } from '../../auth/auth-user';
import type { FieldError } from '../../errors/domain-error';

/** A record as the API shows it: camelCase fields of the catalogue. */
export type RecordValues = Record<string, unknown>;

export interface RecordRuleContext {
  trx: Knex;
  user: AuthUser;
  groupId: number | null;
  /** Today in Europe/London (the system's current date, which staff may override in test set-ups). */
  today: string;
  /** The record before the change; null on create. */
  existing: RecordValues | null;
}

/**
 * Server-side rules of one resource that need the database (overlaps, parents, status rules). Field-level
 * rules live in the catalogue and run first; these run inside the write's transaction. Each returns the
 * offending fields with the specification's message; an empty list lets the write go on.
 */
export interface RecordRules {
  /** On create and update; `record` is the existing record with the input applied. */
  validate?(record: RecordValues, context: RecordRuleContext): Promise<FieldError[]>;
  /** Before a hard delete. */
  beforeDelete?(existing: RecordValues, context: RecordRuleContext): Promise<FieldError[]>;
  /** Values the server sets on create, derived from other records (e.g. a reading's house from its meter). */
  derive?(record: RecordValues, context: RecordRuleContext): Promise<RecordValues>;
  /**
   * What a saved change sets off, in the same transaction (ledger postings, schedules, jobs enqueued with
   * the transaction); `context.existing` is the record before an update, null after a create.
   */
  afterWrite?(record: RecordValues, context: RecordRuleContext): Promise<void>;
}
