import { PassThrough } from 'node:stream';
import PDFDocument from 'pdfkit';
import { STATEMENT_DUE_DAYS } from '../billing-rules';
import { formatDisplayDate, formatPounds } from '../../../rules';
import { trackRender } from '../../operator/active-renders';

/*
 * The one-page PDF of a house or tenant statement, in the group's brand (its name, colour, logo or mark and
 * support address). Fast on purpose: one built-in font (Helvetica, no embedding), plain vector lines, at most
 * the brand's logo as an image; the renderer only draws what `StatementPdfData` holds, so it is pure apart
 * from writing to the stream it is given.
 */

export interface StatementPdfLine {
  description: string;
  utility: string | null;
  register: string | null;
  openingRead: string | null;
  closingRead: string | null;
  estimated: boolean;
  /** kWh (metered lines of a house statement); null on tenant shares and standing charges. */
  quantity: string | null;
  /** Pence per kWh. */
  unitRate: string | null;
  days: number | null;
  /** Pence per day. */
  standingCharge: string | null;
  netPence: number;
  vatRateBp: number;
  vatPence: number;
  totalPence: number;
}

export interface StatementPdfData {
  billId: number;
  kind: string;
  state: string;
  /** The group's brand (modules/brand): the name customers know it by, its colour, its logo (PNG or JPEG) if any. */
  brandName: string;
  brandColour: string;
  brandLogo: Buffer | null;
  /** Where customers write to, printed in the footer when the brand has one. */
  supportEmail: string | null;
  /** The tenant area's "Make a payment" page, where the tenant pays by card after signing in. */
  payOnlineUrl: string;
  /** The tenant area's Billing & Payments page: every statement, line and payment. */
  accountUrl: string;
  /** Who the statement is addressed to: the tenant, or the house (house statements). */
  recipientName: string;
  recipientEmail: string | null;
  /** The house's address lines. */
  houseAddress: string[];
  periodStart: string;
  periodEnd: string;
  issueDate: string;
  dueDate: string;
  lines: StatementPdfLine[];
  netPence: number;
  vatPence: number;
  totalPence: number;
}

export interface RenderOptions {
  /** pdfkit compresses page content by default; tests turn it off to read the text. */
  compress?: boolean;
}

const FONT = 'Helvetica';
const MARGIN = 40;
const PAGE_WIDTH = 595.28; // A4
const CONTENT_WIDTH = PAGE_WIDTH - MARGIN * 2;
const KIND_TITLE: Record<string, string> = {
  HOUSE_STATEMENT: 'House energy statement',
  TENANT_STATEMENT: 'Energy statement',
  FINAL_STATEMENT: 'Final energy statement',
};

const pct = (bp: number) => `${(bp / 100).toFixed(bp % 100 === 0 ? 0 : 2)}%`;
const trimNumber = (value: string) => (value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value);
const utilityLabel = (utility: string | null) => (utility === 'gas' ? 'Gas' : utility === 'electric' ? 'Electricity' : 'Other');

const BRAND_MARK_SIZE = 24;

/**
 * The brand's logo, fitted in a square, or else the product's mark (the house of the public site's header) in the
 * brand's colour. A logo pdfkit cannot read leaves the mark.
 */
function drawBrandMark(doc: PDFKit.PDFDocument, data: Pick<StatementPdfData, 'brandLogo' | 'brandColour'>, x: number, y: number): void {
  if (data.brandLogo) {
    try {
      doc.image(data.brandLogo, x, y, { fit: [BRAND_MARK_SIZE, BRAND_MARK_SIZE], align: 'center', valign: 'center' });
      return;
    } catch {
      // Not an image pdfkit reads: the mark instead.
    }
  }
  const at = (fx: number, fy: number): [number, number] => [x + fx * BRAND_MARK_SIZE, y + fy * BRAND_MARK_SIZE];
  doc.polygon(at(0.5, 0.08), at(0.94, 0.46), at(0.94, 0.92), at(0.06, 0.92), at(0.06, 0.46)).fill(data.brandColour);
}

/** The statement's file name, for Content-Disposition and e-mail attachments. */
export const statementFileName = (data: Pick<StatementPdfData, 'billId' | 'periodEnd'>): string => `statement-${data.billId}-${data.periodEnd}.pdf`;

/**
 * Draws the statement on one A4 page into `stream` and ends the document (pdfkit ends the piped stream
 * once the last byte is written; wait for the stream's `finish`/`end` to have the whole file).
 */
export function renderStatementPdf(data: StatementPdfData, stream: NodeJS.WritableStream, options: RenderOptions = {}): void {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    compress: options.compress ?? true,
    autoFirstPage: true,
    info: { Title: `${KIND_TITLE[data.kind] ?? 'Statement'} ${data.billId}`, Author: data.brandName, Subject: `${data.periodStart} to ${data.periodEnd}` },
  });
  // Reported by chrome-sessions until the last byte is out.
  const rendered = trackRender('statement', statementFileName(data));
  doc.once('end', rendered);
  doc.once('error', rendered);
  doc.pipe(stream);
  doc.font(FONT);

  // Header: the brand (its colour across the top, its logo or the house mark, its name) and the statement's title.
  doc.rect(0, 0, PAGE_WIDTH, 8).fill(data.brandColour);
  drawBrandMark(doc, data, MARGIN, MARGIN - 2);
  doc.fontSize(18).fillColor('#1a1a1a').text(data.brandName, MARGIN + BRAND_MARK_SIZE + 8, MARGIN, { width: CONTENT_WIDTH / 2 - BRAND_MARK_SIZE - 8, lineBreak: false, ellipsis: true });
  doc.fontSize(8).fillColor('#555').text('Energy bills for shared houses', MARGIN + BRAND_MARK_SIZE + 8, MARGIN + 22, { lineBreak: false });
  doc.fontSize(14).fillColor('#1a1a1a').text(KIND_TITLE[data.kind] ?? 'Statement', MARGIN + CONTENT_WIDTH / 2, MARGIN, { width: CONTENT_WIDTH / 2, align: 'right', lineBreak: false });
  doc.fontSize(9).fillColor('#555').text(`Statement no. ${data.billId}`, MARGIN + CONTENT_WIDTH / 2, MARGIN + 20, { width: CONTENT_WIDTH / 2, align: 'right', lineBreak: false });
  doc.moveTo(MARGIN, MARGIN + 38).lineTo(PAGE_WIDTH - MARGIN, MARGIN + 38).strokeColor('#bbb').lineWidth(0.5).stroke();

  // Addressee and supply address; dates on the right.
  let y = MARGIN + 50;
  doc.fontSize(8).fillColor('#777').text('Statement for', MARGIN, y, { lineBreak: false });
  doc.fontSize(10).fillColor('#1a1a1a');
  const addressLines = [data.recipientName, ...data.houseAddress];
  addressLines.forEach((line, index) => doc.text(line, MARGIN, y + 12 + index * 13, { width: CONTENT_WIDTH / 2, lineBreak: false, ellipsis: true }));
  doc.fontSize(8).fillColor('#777').text('Supply address', MARGIN, y + 16 + addressLines.length * 13, { lineBreak: false });
  doc.fontSize(9).fillColor('#1a1a1a').text(data.houseAddress.join(', '), MARGIN, y + 27 + addressLines.length * 13, { width: CONTENT_WIDTH / 2, lineBreak: false, ellipsis: true });

  const facts: Array<[string, string]> = [
    ['Statement period', `${formatDisplayDate(data.periodStart)} to ${formatDisplayDate(data.periodEnd)}`],
    ['Issue date', formatDisplayDate(data.issueDate)],
    ['Due date', formatDisplayDate(data.dueDate)],
    ['Amount due', formatPounds(data.totalPence)],
  ];
  facts.forEach(([label, value], index) => {
    const rowY = y + index * 16;
    doc.fontSize(9).fillColor('#555').text(label, MARGIN + CONTENT_WIDTH / 2, rowY, { width: 110, lineBreak: false });
    doc.fontSize(index === 3 ? 11 : 10).fillColor('#1a1a1a').text(value, MARGIN + CONTENT_WIDTH / 2 + 110, rowY, { width: CONTENT_WIDTH / 2 - 110, align: 'right', lineBreak: false });
  });
  y += Math.max(40 + addressLines.length * 13, facts.length * 16) + 16;

  // The charges table.
  const columns = [
    { title: 'Charge', width: 150, align: 'left' as const },
    { title: 'Opening', width: 52, align: 'right' as const },
    { title: 'Closing', width: 52, align: 'right' as const },
    { title: 'Used (kWh)', width: 55, align: 'right' as const },
    { title: 'Rate', width: 70, align: 'right' as const },
    { title: 'Net', width: 46, align: 'right' as const },
    { title: 'VAT', width: 44, align: 'right' as const },
    { title: 'Total', width: 46, align: 'right' as const },
  ];
  const row = (cells: string[], rowY: number, size: number, color: string) => {
    let x = MARGIN;
    doc.fontSize(size).fillColor(color);
    cells.forEach((cell, index) => {
      const column = columns[index]!;
      doc.text(cell, x, rowY, { width: column.width - 4, align: column.align, lineBreak: false, ellipsis: true });
      x += column.width;
    });
  };
  doc.rect(MARGIN, y - 3, CONTENT_WIDTH, 15).fill('#eeeeee');
  row(columns.map((column) => column.title), y, 8, '#333');
  y += 16;

  // One page always: the lines that fit above the totals and payment box (22 pt each); the rest are summarised.
  const fits = Math.floor((560 - y) / 22);
  const maxLines = data.lines.length > fits ? fits - 1 : fits;
  for (const line of data.lines.slice(0, maxLines)) {
    const metered = line.standingCharge === null;
    const rate = metered ? (line.unitRate ? `${trimNumber(line.unitRate)}p/kWh` : '') : `${line.days ?? 0} × ${trimNumber(line.standingCharge ?? '0')}p/day`;
    const read = (value: string | null) => (value === null ? '' : trimNumber(value));
    row(
      [
        line.description,
        read(line.openingRead),
        `${read(line.closingRead)}${metered && line.estimated ? ' (E)' : ''}`,
        line.quantity === null ? '' : trimNumber(line.quantity),
        rate,
        formatPounds(line.netPence),
        `${formatPounds(line.vatPence)}`,
        formatPounds(line.totalPence),
      ],
      y,
      8,
      '#1a1a1a',
    );
    y += 12;
    doc.fontSize(6.5).fillColor('#777').text(
      `${utilityLabel(line.utility)}${line.register && line.register !== 'SINGLE' ? ` ${line.register.toLowerCase()} register` : ''}${metered ? (line.estimated ? ' · estimated read' : ' · actual reads') : ' · standing charge'} · VAT ${pct(line.vatRateBp)}`,
      MARGIN,
      y - 1,
      { width: 300, lineBreak: false },
    );
    y += 10;
  }
  if (data.lines.length > maxLines) {
    doc.fontSize(8).fillColor('#777').text(`… and ${data.lines.length - maxLines} more lines: every line is on ${data.accountUrl} after signing in`, MARGIN, y, { width: CONTENT_WIDTH, lineBreak: false, ellipsis: true });
    y += 12;
  }
  doc.moveTo(MARGIN, y + 2).lineTo(PAGE_WIDTH - MARGIN, y + 2).strokeColor('#bbb').lineWidth(0.5).stroke();
  y += 10;

  // Totals: net, VAT (per rate), total.
  const vatRates = [...new Set(data.lines.map((line) => line.vatRateBp))].sort((a, b) => a - b);
  const totals: Array<[string, string]> = [
    ['Net', formatPounds(data.netPence)],
    [`VAT${vatRates.length ? ` at ${vatRates.map(pct).join(', ')}` : ''}`, formatPounds(data.vatPence)],
    ['Total to pay', formatPounds(data.totalPence)],
  ];
  totals.forEach(([label, value], index) => {
    const last = index === totals.length - 1;
    doc.fontSize(last ? 11 : 9).fillColor('#1a1a1a');
    doc.text(label, PAGE_WIDTH - MARGIN - 220, y, { width: 130, align: 'right', lineBreak: false });
    doc.text(value, PAGE_WIDTH - MARGIN - 90, y, { width: 90, align: 'right', lineBreak: false });
    y += last ? 16 : 13;
  });
  if (data.lines.some((line) => line.estimated)) {
    doc.fontSize(7.5).fillColor('#555').text('(E) estimated read: send us an actual reading and the next statement corrects it.', MARGIN, y, { lineBreak: false });
    y += 12;
  }

  // How to pay.
  y += 8;
  doc.rect(MARGIN, y, CONTENT_WIDTH, 72).strokeColor('#bbb').lineWidth(0.5).stroke();
  doc.fontSize(10).fillColor('#1a1a1a').text('How to pay', MARGIN + 10, y + 8, { lineBreak: false });
  doc
    .fontSize(8.5)
    .fillColor('#333')
    .text(
      `Please pay ${formatPounds(data.totalPence)} by ${formatDisplayDate(data.dueDate)} (within ${STATEMENT_DUE_DAYS} days of the issue date): pay on receipt by bank transfer quoting reference ${data.billId}, ` +
        `or by card at ${data.payOnlineUrl} once signed in to your ${data.brandName} account. Each tenant pays only their own share. ` +
        `All your statements and payments: ${data.accountUrl}`,
      MARGIN + 10,
      y + 22,
      { width: CONTENT_WIDTH - 20, height: 46 },
    );

  // Footer.
  const contact = data.supportEmail ? ` · questions: ${data.supportEmail}` : '';
  doc.fontSize(7).fillColor('#777').text(`${data.brandName} · statement ${data.billId} · issued ${formatDisplayDate(data.issueDate)}${contact}`, MARGIN, 780, { width: CONTENT_WIDTH, align: 'center', lineBreak: false });

  if (data.state === 'VOID') {
    doc.save();
    doc.rotate(-35, { origin: [PAGE_WIDTH / 2, 420] });
    doc.fontSize(120).fillColor('#cc0000').fillOpacity(0.18).text('VOID', 0, 360, { width: PAGE_WIDTH, align: 'center', lineBreak: false });
    doc.restore();
  }
  doc.end();
}

/** Renders into memory (e-mail attachments, tests). */
export function renderStatementPdfBuffer(data: StatementPdfData, options: RenderOptions = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new PassThrough();
    sink.on('data', (chunk: Buffer) => chunks.push(chunk));
    sink.on('end', () => resolve(Buffer.concat(chunks)));
    sink.on('error', reject);
    renderStatementPdf(data, sink, options);
  });
}
