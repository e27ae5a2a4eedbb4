/**
 * Fixed-width field helpers of the Bacs Standard 18 layout. Bacs accepts upper-case letters, digits, space and
 * `. / & -` only, so free text (names, references) is folded to that set before it is padded or cut.
 */

/** Text field: folded to Bacs' character set, left-aligned, space-padded, cut to `width`. */
export function alpha(value: string, width: number): string {
  const folded = value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9 ./&-]/g, ' ');
  return folded.slice(0, width).padEnd(width, ' ');
}

/** Numeric field: right-aligned, zero-padded; refuses a value that does not fit (a silent cut would move money). */
export function numeric(value: number | string, width: number): string {
  const text = String(value);
  if (!/^\d+$/.test(text) || text.length > width) throw new RangeError(`${text} does not fit a ${width}-digit Bacs field`);
  return text.padStart(width, '0');
}

export function blank(width: number): string {
  return ' '.repeat(width);
}

/** Bacs dates are ` YYDDD`: a space, the two-digit year and the day of the year (Julian), from a YYYY-MM-DD date. */
export function julian(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const day = Math.round((Date.UTC(y, m - 1, d) - Date.UTC(y, 0, 1)) / 86_400_000) + 1;
  return ` ${String(y % 100).padStart(2, '0')}${String(day).padStart(3, '0')}`;
}

/** The YYYY-MM-DD date of a ` YYDDD` field (years 00–99 read as 2000–2099). */
export function fromJulian(field: string): string {
  const match = /^ ?(\d{2})(\d{3})$/.exec(field);
  if (!match) throw new RangeError(`${JSON.stringify(field)} is not a Bacs date`);
  const date = new Date(Date.UTC(2000 + Number(match[1]), 0, Number(match[2])));
  return date.toISOString().slice(0, 10);
}

/** Checks a record is exactly its layout's width, so a field mistake cannot shift every field after it. */
export function record(parts: string[], width: number): string {
  const line = parts.join('');
  if (line.length !== width) throw new Error(`Bacs record ${line.slice(0, 4)} is ${line.length} characters, not ${width}`);
  return line;
}
