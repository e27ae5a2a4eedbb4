import ExcelJS from 'exceljs';

/** A sheet as text cells: the header row (lower-cased, trimmed) and the data rows, blank rows left out. */
export interface Sheet {
  header: string[];
  /** `row` is the row's number in the file (the header is row 1), as a person sees it in a spreadsheet. */
  rows: Array<{ row: number; cells: string[] }>;
}

/** RFC 4180 CSV (quoted fields with commas, quotes and line breaks; CRLF or LF; a leading BOM). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const endRow = () => {
    row.push(field);
    rows.push(row);
    row = [];
    field = '';
  };
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!;
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i++;
      endRow();
    } else field += char;
  }
  if (field !== '' || row.length) endRow();
  return rows;
}

/** One cell of a spreadsheet as the text a person typed: dates as YYYY-MM-DD, numbers as written. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('text' in value) return String(value.text);
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    return '';
  }
  return String(value);
}

async function parseXlsx(data: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const values = row.values as ExcelJS.CellValue[];
    rows.push(values.slice(1).map(cellText));
  });
  return rows;
}

/** The first sheet of a CSV or XLSX file; throws on a file that is not one. */
export async function readSheet(kind: 'csv' | 'xlsx', data: Buffer): Promise<Sheet> {
  const all = kind === 'csv' ? parseCsv(data.toString('utf8')) : await parseXlsx(data);
  const [header = [], ...rest] = all;
  return {
    header: header.map((name) => name.trim().toLowerCase()),
    rows: rest.map((cells, index) => ({ row: index + 2, cells })).filter(({ cells }) => cells.some((cell) => cell.trim() !== '')),
  };
}

/** A CSV line with fields quoted where they must be. */
export const csvLine = (fields: readonly string[]): string => fields.map((field) => (/[",\r\n]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field)).join(',');
