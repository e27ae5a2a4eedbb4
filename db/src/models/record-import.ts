import { BaseModel } from './base-model';

/** A bulk import of records staff uploaded (tenants, contacts, tariffs, supplier contracts): progress, counts, invalid rows (record_imports). */
export class RecordImport extends BaseModel {
  static override tableName = 'record_imports';

  declare id: number;
  declare groupId: number;
  declare kind: 'TENANTS' | 'CONTACTS' | 'TARIFFS' | 'SUPPLIER_CONTRACTS';
  declare sha256: string;
  declare fileName: string;
  declare fileType: 'csv' | 'xlsx';
  declare storageKey: string;
  declare sizeBytes: number;
  declare rejectedStorageKey: string | null;
  declare rejectedSizeBytes: number | null;
  declare status: 'PENDING' | 'IN_PROGRESS' | 'DONE' | 'FAILED';
  declare totalRows: number;
  declare processedRows: number;
  declare importedRows: number;
  declare rejectedRows: number;
  declare error: string | null;
  declare createdByUserId: number | null;
  declare finishedAt: Date | null;
  declare createdAt: Date;
  declare updatedAt: Date;
}
