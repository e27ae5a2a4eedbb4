import { once } from 'node:events';
import fs from 'node:fs';
import { finished } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import type { CsvLines } from './copy-csv-lines';
import { csvLine, XLSX_FORMATS, xlsxCell, type CellValue, type ExportColumn } from './export-columns';
import type { RawRow } from './row-cursor';

export interface WriteResult {
  rows: number;
  bytes: number;
}

/** Called after each batch with the rows written so far; awaited, so it may write to the database. */
export type OnRows = (rows: number) => Promise<void>;

/** Writes a chunk, waiting for the file to drain when its buffer is full (backpressure). */
async function write(out: fs.WriteStream, chunk: string | Buffer): Promise<void> {
  if (!out.write(chunk)) await once(out, 'drain');
}

async function close(out: fs.WriteStream): Promise<number> {
  out.end();
  await finished(out);
  return out.bytesWritten;
}

/** A batch of one-column rows (CSV lines built by the query) as one chunk of CRLF-ended lines. */
function linesOf(batch: RawRow[]): string {
  let chunk = '';
  for (const row of batch) chunk += `${row[0]}\r\n`;
  return chunk;
}

/**
 * CSV: a header of field labels, then one RFC 4180 line (CRLF) per row — the lines come built and quoted
 * from the query (exportSql(…, 'csv-line')); one write per batch, waiting for drain when the file is busy.
 */
export async function writeCsv(file: string, columns: readonly ExportColumn[], batches: AsyncIterable<RawRow[]>, onRows: OnRows): Promise<WriteResult> {
  const out = fs.createWriteStream(file, { highWaterMark: 1 << 20 });
  let rows = 0;
  try {
    await write(out, csvLine(columns.map((column) => column.label)));
    for await (const batch of batches) {
      const chunk = linesOf(batch);
      rows += batch.length;
      await write(out, chunk);
      await onRows(rows);
    }
    return { rows, bytes: await close(out) };
  } finally {
    out.destroy();
  }
}

/** CSV from runs of finished lines (copyCsvLines): the header, then each run written as it comes, waiting for drain. */
export async function writeCsvLines(file: string, columns: readonly ExportColumn[], runs: AsyncIterable<CsvLines>, onRows: OnRows): Promise<WriteResult> {
  const out = fs.createWriteStream(file, { highWaterMark: 1 << 20 });
  let rows = 0;
  try {
    await write(out, csvLine(columns.map((column) => column.label)));
    for await (const run of runs) {
      rows += run.rows;
      await write(out, run.bytes);
      await onRows(rows);
    }
    return { rows, bytes: await close(out) };
  } finally {
    out.destroy();
  }
}

const XLSX_MAX_PENDING_BYTES = 8 << 20;

/** A stream's buffered bytes, by the public getters or, on readable-stream's streams (archiver's), their state. */
interface BufferedStream {
  writableLength?: number;
  readableLength?: number;
  _writableState?: { length?: number };
  _readableState?: { length?: number };
}
const bufferedBytes = (stream: BufferedStream): number =>
  (stream.writableLength ?? stream._writableState?.length ?? 0) + (stream.readableLength ?? stream._readableState?.length ?? 0);

/**
 * exceljs's streaming writer ignores backpressure: a committed row's XML goes into the sheet's stream
 * (a StreamBuf, 64 KB buffers) and on to the zip's entry stream (archiver's PassThrough, then deflate)
 * whatever their backlog. Between batches, wait until that backlog (the StreamBuf's buffers and what its
 * pipes hold on either side) is under 8 MB and the file has drained, so memory holds a few MB of XML whatever
 * the row count, and the deflate (zlib, on libuv's threads) works while the next rows are built. archiver's
 * PassThrough is readable-stream's, without `writableLength`: read without its state, the backlog looked empty
 * and the whole sheet's XML waited in memory for the deflate (about 540 bytes a row: 0.5 GB on 1M rows,
 * measured). Reads exceljs internals defensively: if they change, this only stops waiting.
 */
async function sheetBackpressure(sheet: ExcelJS.Worksheet, out: fs.WriteStream): Promise<void> {
  const stream = (sheet as unknown as { stream?: { buffers?: Array<{ length?: number }>; pipes?: BufferedStream[] } }).stream;
  const pending = () =>
    (stream?.buffers ?? []).reduce((sum, buffer) => sum + (buffer.length ?? 1 << 16), 0) + (stream?.pipes ?? []).reduce((sum, pipe) => sum + bufferedBytes(pipe), 0);
  while (pending() > XLSX_MAX_PENDING_BYTES) await new Promise((resolve) => setTimeout(resolve, 2));
  if (out.writableNeedDrain) await once(out, 'drain');
}

/** Excel's last row is 1,048,576: longer exports continue on "Sheet 2", "Sheet 3", each with the header. */
export const XLSX_ROWS_PER_SHEET = 1_048_575;

type StyleModel = Partial<ExcelJS.Style>;
type ValueType = 'null' | 'number' | 'string' | 'boolean' | 'date';

const valueTypeOf = (value: CellValue): ValueType => (value === null ? 'null' : value instanceof Date ? 'date' : (typeof value as 'number' | 'string' | 'boolean'));

/**
 * A style object per column and value type, shared by every data cell of that column and type. exceljs gives
 * each new cell a style object of its own (its column's style copied) and, on commit, looks the cell's style
 * id up by that object (a WeakMap), so a fresh object per cell meant building and indexing a style's XML for
 * each of 10 million cells: about three quarters of the writer's time on 1M rows × 12 columns (measured). With
 * one object per column and type the lookup hits; the object holds what the copy held (the column's number
 * format, or nothing), and a style's id depends on that and the value's type only, so the file is the same.
 */
function sharedCellStyles(columns: readonly ExportColumn[]): Array<Record<ValueType, StyleModel>> {
  return columns.map((column) => {
    const numFmt = XLSX_FORMATS[column.kind];
    const style = (): StyleModel => (numFmt ? { numFmt } : {});
    return { null: style(), number: style(), string: style(), boolean: style(), date: style() };
  });
}

/**
 * An XLSX file through exceljs's streaming writer: inline strings (no shared-string table growing in memory),
 * styles on (bold header, £ and date formats per column), each row committed as soon as it is added, a new
 * sheet (with the header) every `rowsPerSheet` rows. The export writes its cursor's batches through it; the
 * exports bench writes the same rows from memory through it, as the floor.
 */
export class XlsxFileWriter {
  private readonly out: fs.WriteStream;
  private readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  private readonly styles: Array<Record<ValueType, StyleModel>>;
  private sheet: ExcelJS.Worksheet;
  private sheetNumber = 1;
  private onSheet = 0;

  constructor(
    file: string,
    private readonly columns: readonly ExportColumn[],
    private readonly rowsPerSheet = XLSX_ROWS_PER_SHEET,
  ) {
    this.out = fs.createWriteStream(file, { highWaterMark: 1 << 20 });
    this.workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: this.out, useSharedStrings: false, useStyles: true });
    this.styles = sharedCellStyles(columns);
    this.sheet = this.addSheet();
  }

  private addSheet(): ExcelJS.Worksheet {
    const sheet = this.workbook.addWorksheet(`Sheet ${this.sheetNumber}`, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = this.columns.map((column) => ({
      key: column.name,
      width: Math.min(40, Math.max(10, column.label.length + 2, column.kind === 'datetime' ? 26 : 0)),
      ...(XLSX_FORMATS[column.kind] ? { style: { numFmt: XLSX_FORMATS[column.kind] } } : {}),
    }));
    const header = sheet.addRow(this.columns.map((column) => column.label));
    header.font = { bold: true };
    header.commit();
    return sheet;
  }

  /** One data row, typed cells in column order. */
  addRow(values: CellValue[]): void {
    if (this.onSheet === this.rowsPerSheet) {
      this.sheet.commit();
      this.sheetNumber += 1;
      this.sheet = this.addSheet();
      this.onSheet = 0;
    }
    const row = this.sheet.addRow(values);
    for (let i = 0; i < values.length; i += 1) row.getCell(i + 1).style = this.styles[i]![valueTypeOf(values[i]!)];
    row.commit();
    this.onSheet += 1;
  }

  /** Waits for the zip and the file to catch up (call between batches). */
  backpressure(): Promise<void> {
    return sheetBackpressure(this.sheet, this.out);
  }

  /** Finishes the workbook; resolves to the file's size. */
  async finish(): Promise<number> {
    this.sheet.commit();
    await this.workbook.commit();
    await finished(this.out);
    return this.out.bytesWritten;
  }

  destroy(): void {
    this.out.destroy();
  }
}

/**
 * Reads the next batch while the current one is written: the cursor's FETCH (the database's work on its own
 * core) overlaps the workbook's XML and deflate (this process's), instead of each waiting for the other. At
 * most two batches are in memory. Stopped early, it lets the pending read settle and closes the source (the
 * cursor's transaction and connection).
 */
export async function* readAhead<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]();
  let pending: Promise<IteratorResult<T>> | null = iterator.next();
  try {
    for (;;) {
      const result: IteratorResult<T> = await pending;
      pending = null;
      if (result.done) return;
      pending = iterator.next();
      yield result.value;
    }
  } finally {
    if (pending) {
      const settled = await pending.catch(() => ({ done: true }) as IteratorResult<T>);
      if (!settled.done) await iterator.return?.();
    }
  }
}

/**
 * XLSX: the cursor's batches typed per column (xlsxCell) and written through XlsxFileWriter, the next batch
 * read while one is written (readAhead). Between batches the writer waits for the file to drain and lets the
 * zip deflate catch up, so memory stays flat.
 */
export async function writeXlsx(
  file: string,
  columns: readonly ExportColumn[],
  batches: AsyncIterable<RawRow[]>,
  onRows: OnRows,
  rowsPerSheet = XLSX_ROWS_PER_SHEET,
): Promise<WriteResult> {
  const writer = new XlsxFileWriter(file, columns, rowsPerSheet);
  const kinds = columns.map((column) => column.kind);
  let rows = 0;
  try {
    for await (const batch of readAhead(batches)) {
      for (const raw of batch) {
        const values = new Array<CellValue>(kinds.length);
        for (let i = 0; i < kinds.length; i += 1) values[i] = xlsxCell(kinds[i]!, raw[i]);
        writer.addRow(values);
      }
      rows += batch.length;
      await writer.backpressure();
      await onRows(rows);
    }
    return { rows, bytes: await writer.finish() };
  } finally {
    writer.destroy();
  }
}

export const ARCHIVE_PART_ROWS = 10_000;

/** Files that go into a list's archive beside its CSV parts (a bill's PDF), made one at a time as the zip takes them. */
export interface ArchiveDocuments {
  folder: string;
  description: string;
  entries: AsyncIterable<{ name: string; content: Buffer }>;
}

export interface ArchiveDescription {
  baseName: string;
  resourceLabel: string;
  filter: unknown;
}

/**
 * A zip of the filtered list as CSV files of at most 10,000 rows each (`<name>-part-0001.csv`, …, in list
 * order, each with the header), plus README.txt saying exactly that. The catalogue's records (bills
 * included) keep no stored documents yet, so there are no PDFs or uploads to add. One part is in memory at
 * a time: the next is built only after the archive has taken the previous one (its `entry` event) and the
 * file has drained. Rows are CSV lines built by the query, as for writeCsv.
 */
export async function writeArchive(
  file: string,
  columns: readonly ExportColumn[],
  batches: AsyncIterable<RawRow[]>,
  onRows: OnRows,
  description: ArchiveDescription,
  partRows = ARCHIVE_PART_ROWS,
  documents?: ArchiveDocuments,
): Promise<WriteResult & { parts: string[]; documents: number }> {
  // archiver 8 is ESM-only (and so are some of its dependencies): loaded when an archive is written, so the
  // API's CommonJS test runtime (jest), which cannot load it, still loads this module and the app.
  const { ZipArchive } = await import('archiver');
  const out = fs.createWriteStream(file, { highWaterMark: 1 << 20 });
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const failure = new Promise<never>((_resolve, reject) => {
    archive.on('error', reject);
    out.on('error', reject);
  });
  failure.catch(() => undefined);
  archive.pipe(out);
  const header = csvLine(columns.map((column) => column.label));
  const parts: string[] = [];
  let part = '';
  let inPart = 0;
  let rows = 0;
  const flush = async () => {
    const name = `${description.baseName}-part-${String(parts.length + 1).padStart(4, '0')}.csv`;
    parts.push(name);
    const added = once(archive, 'entry');
    archive.append(Buffer.from(header + part, 'utf8'), { name });
    await Promise.race([added, failure]);
    if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), failure]);
    part = '';
    inPart = 0;
  };
  try {
    for await (const batch of batches) {
      for (const row of batch) {
        part += `${row[0]}\r\n`;
        inPart += 1;
        if (inPart === partRows) await flush();
      }
      rows += batch.length;
      await onRows(rows);
    }
    if (inPart > 0 || parts.length === 0) await flush();
    // The records' documents, one entry at a time: the next is made only once the last is in the file.
    let documentCount = 0;
    for await (const document of documents?.entries ?? []) {
      const added = once(archive, 'entry');
      archive.append(document.content, { name: `${documents!.folder}/${document.name}` });
      await Promise.race([added, failure]);
      if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), failure]);
      documentCount += 1;
    }
    const readme = [
      `${description.resourceLabel}: the back-office list filtered as ${JSON.stringify(description.filter ?? {})}.`,
      `${rows} row(s) in ${parts.length} CSV file(s) of at most ${partRows} rows each, in list order, each with a header row:`,
      ...parts.map((name) => `  ${name}`),
      '',
      'Values as the list shows them: dates DD/MM/YYYY, times in London time, amounts in £, statuses and kinds in words, each reference by its name then its id.',
      documents ? `${documentCount} document(s) in ${documents.folder}/: ${documents.description}.` : 'No documents are included: these records have none.',
      '',
    ].join('\r\n');
    archive.append(readme, { name: 'README.txt' });
    await Promise.race([archive.finalize(), failure]);
    await Promise.race([finished(out), failure]);
    return { rows, bytes: out.bytesWritten, parts, documents: documentCount };
  } finally {
    out.destroy();
  }
}
