import { once } from 'node:events';
import fs from 'node:fs';
import { finished } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import type { CsvLines } from './copy-csv-lines';
import { csvLine, XLSX_FORMATS, xlsxCell, type ExportColumn } from './export-columns';
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

/**
 * exceljs's streaming writer ignores backpressure: a committed row's XML goes into the sheet's stream
 * (a StreamBuf) and on to the zip's deflate stream whatever their backlog. Between batches, wait until
 * that backlog (the StreamBuf's buffers and its pipes' pending writes) is under 8 MB and the file has
 * drained, so memory holds a few MB of XML whatever the row count. Reads exceljs internals defensively:
 * if they change, this only stops waiting.
 */
async function sheetBackpressure(sheet: ExcelJS.Worksheet, out: fs.WriteStream): Promise<void> {
  const stream = (sheet as unknown as { stream?: { buffers?: unknown[]; pipes?: Array<{ writableLength?: number }> } }).stream;
  const pending = () => (stream?.buffers?.length ?? 0) * (1 << 20) + (stream?.pipes ?? []).reduce((sum, pipe) => sum + (pipe.writableLength ?? 0), 0);
  while (pending() > XLSX_MAX_PENDING_BYTES) await new Promise((resolve) => setTimeout(resolve, 2));
  if (out.writableNeedDrain) await once(out, 'drain');
}

/** Excel's last row is 1,048,576: longer exports continue on "Sheet 2", "Sheet 3", each with the header. */
export const XLSX_ROWS_PER_SHEET = 1_048_575;

/**
 * XLSX through exceljs's streaming writer: inline strings (no shared-string table growing in memory), styles
 * on (bold header, £ and date formats), each row committed as soon as it is added. Between batches the
 * writer waits for the file to drain and lets the zip deflate catch up, so memory stays flat.
 */
export async function writeXlsx(
  file: string,
  columns: readonly ExportColumn[],
  batches: AsyncIterable<RawRow[]>,
  onRows: OnRows,
  rowsPerSheet = XLSX_ROWS_PER_SHEET,
): Promise<WriteResult> {
  const out = fs.createWriteStream(file, { highWaterMark: 1 << 20 });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
  const addSheet = (number: number) => {
    const sheet = workbook.addWorksheet(`Sheet ${number}`, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = columns.map((column) => ({
      key: column.name,
      width: Math.min(40, Math.max(10, column.label.length + 2, column.kind === 'datetime' ? 26 : 0)),
      ...(XLSX_FORMATS[column.kind] ? { style: { numFmt: XLSX_FORMATS[column.kind] } } : {}),
    }));
    const header = sheet.addRow(columns.map((column) => column.label));
    header.font = { bold: true };
    header.commit();
    return sheet;
  };
  let sheetNumber = 1;
  let sheet = addSheet(sheetNumber);
  let onSheet = 0;
  let rows = 0;
  try {
    for await (const batch of batches) {
      for (const raw of batch) {
        if (onSheet === rowsPerSheet) {
          sheet.commit();
          sheetNumber += 1;
          sheet = addSheet(sheetNumber);
          onSheet = 0;
        }
        const values = new Array<ReturnType<typeof xlsxCell>>(columns.length);
        for (let i = 0; i < columns.length; i += 1) values[i] = xlsxCell(columns[i]!.kind, raw[i]);
        sheet.addRow(values).commit();
        onSheet += 1;
      }
      rows += batch.length;
      await sheetBackpressure(sheet, out);
      await onRows(rows);
    }
    sheet.commit();
    await workbook.commit();
    await finished(out);
    return { rows, bytes: out.bytesWritten };
  } finally {
    out.destroy();
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
