import { BaseModel } from './base-model';

/** A Bacs file submitted for one service user, kind and day (the file text kept as sent). */
export class BacsSubmission extends BaseModel {
  static override tableName = 'bacs_submissions';

  declare id: number;
  declare groupId: number;
  declare serviceUserNumber: string;
  declare kind: 'COLLECTIONS' | 'AUDDIS';
  declare submissionDate: string;
  declare processingDate: string;
  declare status: 'SUBMITTED' | 'REPORTED';
  declare itemCount: number;
  declare totalPence: number;
  declare file: string;
  declare bureauReference: string | null;
  declare createdAt: Date;
}
