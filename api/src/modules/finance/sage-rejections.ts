import { DomainError } from '../../errors/domain-error';
import { FINANCE_MESSAGES } from './finance-rules';

/** RFC 4180 records: quoted fields may hold commas, doubled quotes and line breaks; CRLF or LF line ends. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  const source = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i]!;
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i += 1;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || record.length) {
    record.push(field);
    records.push(record);
  }
  return records.filter((row) => row.some((value) => value.trim() !== ''));
}

export interface SageRejection {
  reference: string;
  reason: string;
}

const REASON_HEADERS = ['reason', 'error', 'message', 'error message'];

/** The rejections file: a header with Reference and Reason (or Error, Message), one rejected row per line. */
export function parseSageRejections(csvText: string): SageRejection[] {
  const [header, ...rows] = parseCsv(csvText ?? '');
  const names = (header ?? []).map((name) => name.trim().toLowerCase());
  const referenceAt = names.indexOf('reference');
  const reasonAt = names.findIndex((name) => REASON_HEADERS.includes(name));
  if (referenceAt < 0 || reasonAt < 0) throw DomainError.invalid([{ field: 'csvText', rule: 'format', message: FINANCE_MESSAGES.rejectionsHeader }]);
  const rejections = rows
    .map((row) => ({ reference: (row[referenceAt] ?? '').trim(), reason: (row[reasonAt] ?? '').trim() || 'Rejected by Sage' }))
    .filter((rejection) => rejection.reference !== '');
  if (!rejections.length) throw DomainError.invalid([{ field: 'csvText', rule: 'required', message: FINANCE_MESSAGES.rejectionsEmpty }]);
  return rejections;
}
