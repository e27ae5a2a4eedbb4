import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { ReadingImport, Upload, type Knex } from '@app/db';
import { recordChange, recordChanges } from '../../audit/record-change';
import {
  dateNotInFuture,
  importDate,
  MAX_READING_VALUE,
  READING_IMPORT_COLUMNS,
  READING_IMPORT_MAX_ROWS,
  READING_IMPORT_MESSAGES as M,
  READING_IMPORT_REQUIRED,
  READING_SOURCES,
  READING_TYPES,
  readingConcern,
} from '../../rules';
import type { ExportProgress } from '../exports';
import type { FileStorage } from '../files/file-storage';
import { fileStorage } from '../files/select-file-storage';
import { createNotification } from '../notifications/create-notification.service';
import { readSystemCurrentDate } from '../settings/read-current-date.service';
import { csvLine, readSheet } from './parse-sheet';
import { importedFileKind } from './request-reading-import.service';

export interface RunImportOptions {
  onProgress?: (progress: ExportProgress) => Promise<void>;
  storage?: FileStorage;
  /** Rows between two progress reports. */
  progressEvery?: number;
}

interface MeterRow {
  id: number;
  house_id: number;
  utility_type: string;
  rate_type: string;
  serial_number: string;
  is_active: boolean;
}
type Previous = Array<{ date: string; value: number }>;
interface NewReading {
  group_id: number;
  meter_id: number;
  house_id: number;
  reading_date: string;
  register: string;
  value: string;
  source: string;
  type: string;
  status: 'PENDING';
  reading_import_id: number;
}

const IGNORED_STATUSES = ['DECLINED', 'REJECTED', 'ARCHIVED'];
const CHUNK = 1000;

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Meters of the group named in the file, by serial number or by their supply's MPxN (active meters first). */
async function metersByKey(db: Knex, groupId: number, keys: string[]): Promise<Map<string, MeterRow>> {
  const found = new Map<string, MeterRow>();
  const columns = ['m.id', 'm.house_id', 'm.utility_type', 'm.rate_type', 'm.serial_number', 'm.is_active'];
  const bySerial: MeterRow[] = await db('meters as m').where('m.group_id', groupId).whereIn('m.serial_number', keys).orderBy([{ column: 'm.is_active', order: 'desc' }, 'm.id']).select(columns);
  for (const meter of bySerial) if (!found.has(meter.serial_number)) found.set(meter.serial_number, meter);
  const byMpxn: Array<MeterRow & { mpxn: string }> = await db('meters as m')
    .join('supplier_contracts as s', 's.id', 'm.supplier_contract_id')
    .where('m.group_id', groupId)
    .whereIn('s.mpxn', keys.filter((key) => !found.has(key)))
    .orderBy([{ column: 'm.is_active', order: 'desc' }, 'm.id'])
    .select([...columns, 's.mpxn']);
  for (const meter of byMpxn) if (!found.has(meter.mpxn)) found.set(meter.mpxn, meter);
  return found;
}

/** Readings already on those meters, per meter and register in date order (for the duplicate and last-reading checks). */
async function readingsOf(db: Knex, meterIds: number[]): Promise<Map<string, Previous>> {
  const byRegister = new Map<string, Previous>();
  for (let i = 0; i < meterIds.length; i += 5000) {
    const rows: Array<{ meter_id: number; register: string; reading_date: string; value: string }> = await db('meter_readings')
      .whereIn('meter_id', meterIds.slice(i, i + 5000))
      .whereNotIn('status', IGNORED_STATUSES)
      .orderBy(['meter_id', 'register', 'reading_date'])
      .select('meter_id', 'register', db.raw(`to_char(reading_date, 'YYYY-MM-DD') as reading_date`), 'value');
    for (const row of rows) {
      const key = `${row.meter_id}:${row.register}`;
      const list = byRegister.get(key) ?? [];
      list.push({ date: row.reading_date, value: Number(row.value) });
      byRegister.set(key, list);
    }
  }
  return byRegister;
}

/** Index of the first reading after `date` (readings are in date order). */
function after(list: Previous, date: string): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (list[middle]!.date <= date) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * One `imports.readings` job: reads the file, checks every row with the reading rules (meter of the group,
 * real date not in the future, the meter's register, the value, source and type, no second reading for the
 * same meter, register and date, and the last-reading check unless the row is confirmed), then saves the valid
 * rows PENDING for approval, the rejected rows as a CSV with a reason per row, and the counts — all in one
 * transaction, so a job that dies part-way and is retried saves everything exactly once. A DONE import is left
 * alone. Progress is written as it goes (the row and the job's output).
 */
export async function runReadingImport(db: Knex, importId: number, { onProgress, storage = fileStorage(), progressEvery = 2000 }: RunImportOptions = {}) {
  const job = await ReadingImport.query(db).findById(importId).withGraphFetched('file');
  if (!job) throw new Error(`readings import error: no import ${importId}`);
  if (job.status === 'DONE') return { importId, status: 'SKIPPED' as const, imported: job.importedRows, rejected: job.rejectedRows };
  const set = (values: Partial<ReadingImport>) => ReadingImport.query(db).patch({ ...values, updatedAt: new Date() }).where({ id: importId });
  const report = (progress: number, message: string) => onProgress?.({ progress, message }) ?? Promise.resolve();
  try {
    const sheet = await readSheet(importedFileKind(job.file!), await readAll(await storage.open(job.file!.storageKey)));
    const missing = READING_IMPORT_REQUIRED.filter((column) => !sheet.header.includes(column));
    const problem = !sheet.rows.length ? M.empty : missing.length ? M.missingColumns(missing) : sheet.rows.length > READING_IMPORT_MAX_ROWS ? M.tooManyRows : null;
    if (problem) {
      // The file itself is unusable: nothing to retry, the person fixes the file.
      await set({ status: 'FAILED', error: problem, finishedAt: new Date() });
      return { importId, status: 'FAILED' as const, imported: 0, rejected: 0 };
    }
    const total = sheet.rows.length;
    await set({ status: 'IN_PROGRESS', totalRows: total, processedRows: 0, error: null });
    await report(0, `0 of ${total} rows`);

    const at = Object.fromEntries(READING_IMPORT_COLUMNS.map((column) => [column, sheet.header.indexOf(column)])) as Record<(typeof READING_IMPORT_COLUMNS)[number], number>;
    const cell = (cells: string[], column: keyof typeof at) => (at[column] >= 0 ? (cells[at[column]] ?? '').trim() : '');
    const meters = await metersByKey(db, job.groupId, [...new Set(sheet.rows.map(({ cells }) => cell(cells, 'meter')).filter(Boolean))]);
    const history = await readingsOf(db, [...new Set([...meters.values()].map((meter) => meter.id))]);
    const today = await readSystemCurrentDate(db);

    const accepted: NewReading[] = [];
    const rejected: Array<{ cells: string[]; reason: string }> = [];
    const seen = new Map<string, number>();
    for (const [index, { row, cells }] of sheet.rows.entries()) {
      const reason = ((): string | null => {
        const key = cell(cells, 'meter');
        if (!key) return M.meterRequired;
        const meter = meters.get(key);
        if (!meter) return M.meterNotFound(key);
        if (!meter.is_active) return M.meterInactive(key);
        const date = importDate(cell(cells, 'date'));
        if (!date) return M.date;
        const future = dateNotInFuture({ date, today });
        if (future) return future;
        const register = cell(cells, 'register').toUpperCase() || 'SINGLE';
        const registers = meter.rate_type === 'DUAL' ? ['DAY', 'NIGHT'] : ['SINGLE'];
        if (!registers.includes(register)) return M.register(registers);
        const text = cell(cells, 'value').replace(/,/g, '');
        const value = Number(text);
        if (!/^\d+(\.\d{1,3})?$/.test(text) || value > MAX_READING_VALUE) return M.value;
        const source = cell(cells, 'source').toUpperCase() || 'BACK_OFFICE';
        if (!(READING_SOURCES as readonly string[]).includes(source)) return M.source(source);
        const type = cell(cells, 'type').toUpperCase() || 'ACTUAL';
        if (!(READING_TYPES as readonly string[]).includes(type)) return M.readingType(type);
        const slot = `${meter.id}:${register}:${date}`;
        if (seen.has(slot)) return M.duplicateInFile(seen.get(slot)!);
        const list = history.get(`${meter.id}:${register}`) ?? [];
        const next = after(list, date);
        if (next > 0 && list[next - 1]!.date === date) return M.duplicate;
        const previous = next > 0 ? list[next - 1]! : null;
        const concern = readingConcern(meter.utility_type, previous && { readingDate: previous.date, value: previous.value }, { readingDate: date, value });
        if (concern && !['yes', 'y', 'true', '1'].includes(cell(cells, 'confirmed').toLowerCase())) return concern.message;
        seen.set(slot, row);
        list.splice(next, 0, { date, value });
        history.set(`${meter.id}:${register}`, list);
        accepted.push({ group_id: job.groupId, meter_id: meter.id, house_id: meter.house_id, reading_date: date, register, value: text, source, type, status: 'PENDING', reading_import_id: importId });
        return null;
      })();
      if (reason) rejected.push({ cells, reason });
      if ((index + 1) % progressEvery === 0) {
        await set({ processedRows: index + 1 });
        await report(Math.floor((90 * (index + 1)) / total), `${index + 1} of ${total} rows checked`);
      }
    }

    const done = await db.transaction(async (trx) => {
      const locked = await ReadingImport.query(trx).findById(importId).forUpdate();
      if (locked?.status === 'DONE') return locked;
      let rejectedUploadId: number | null = null;
      if (rejected.length) {
        const header = [...sheet.header, 'reason'];
        const body = [csvLine(header), ...rejected.map(({ cells, reason }) => csvLine([...sheet.header.map((_, column) => cells[column] ?? ''), reason]))].join('\r\n') + '\r\n';
        const data = Buffer.from(body, 'utf8');
        const storageKey = `reading-imports/${job.groupId}/${crypto.randomUUID()}-rejected.csv`;
        await storage.put(storageKey, data);
        const fileName = `${job.file!.fileName.replace(/\.(csv|xlsx)$/i, '')}-rejected-rows.csv`;
        const upload = await Upload.query(trx).insertAndFetch({ groupId: job.groupId, resourceType: 'READING', fileName, contentType: 'text/csv', sizeBytes: data.length, storageKey, status: 'READY', uploadedByUserId: job.createdByUserId });
        rejectedUploadId = upload.id;
      }
      for (let i = 0; i < accepted.length; i += CHUNK) {
        const inserted: Array<{ id: number }> = await trx('meter_readings').insert(accepted.slice(i, i + CHUNK)).returning('*');
        await recordChanges(trx, inserted.map((row) => ({ action: 'INSERT' as const, entity: 'meter_readings', entityId: row.id, actorUserId: job.createdByUserId, after: row })));
      }
      const updated = await ReadingImport.query(trx).patchAndFetchById(importId, {
        status: 'DONE',
        processedRows: total,
        importedRows: accepted.length,
        rejectedRows: rejected.length,
        rejectedUploadId,
        finishedAt: new Date(),
        updatedAt: new Date(),
      });
      await recordChange(trx, { action: 'UPDATE', entity: 'reading_imports', entityId: importId, actorUserId: job.createdByUserId, before: job.toJSON(), after: updated.toJSON() });
      if (job.createdByUserId) {
        await createNotification(trx, {
          userId: job.createdByUserId,
          title: 'Readings imported',
          message: `${job.file!.fileName}: ${accepted.length.toLocaleString('en-GB')} readings imported, ${rejected.length.toLocaleString('en-GB')} rows rejected.`,
          notificationType: rejected.length ? 'WARNING' : 'SUCCESS',
          type: 'READINGS_IMPORTED',
          data: { importId },
        });
      }
      return updated;
    });
    const message = `${done.importedRows} imported, ${done.rejectedRows} rejected`;
    await report(100, message);
    return { importId, status: 'DONE' as const, imported: done.importedRows, rejected: done.rejectedRows };
  } catch (error) {
    await set({ status: 'FAILED', error: `readings import error: ${error instanceof Error ? error.message : String(error)}`, finishedAt: new Date() });
    throw error;
  }
}
