import { alpha, blank, julian, numeric, record } from './fields';
import { TRANSACTION_CODES, type CollectionKind } from './transaction-codes';

/**
 * Bacs Standard 18 submission files, single processing day (100-character data records, labels of 80):
 * VOL1, HDR1, HDR2, UHL1, data records, EOF1, EOF2, UTL1. A collections file ends its debits with one contra
 * (code 99) crediting the service user's account with their total; an AUDDIS file (0N lodgements, 0C
 * cancellations) carries no money and no contra, and Bacs wants it as a file of its own.
 */

export interface ServiceUser {
  /** The service user number (SUN) of the group: 188760 or 780142. */
  number: string;
  /** Name the payer sees on the statement (18 characters used). */
  name: string;
  /** The service user's own account, credited by the contra. */
  sortCode: string;
  accountNumber: string;
}

export interface SubmissionHeader {
  serviceUser: ServiceUser;
  /** The Bacs processing day (input day): collections reach payers' accounts two working days later. */
  processingDate: string;
  /** Day the file was made (YYYY-MM-DD). */
  createdOn: string;
  /** Submission number of the day for this service user, 1–999; also the volume serial. */
  fileNumber: number;
}

export interface PayerAccount {
  sortCode: string;
  accountNumber: string;
  accountName: string;
  /** The mandate reference (the payer's reference with the service user), 6–18 characters. */
  reference: string;
}

export interface DebitItem extends PayerAccount {
  amountPence: number;
  kind: CollectionKind;
}

export interface InstructionItem extends PayerAccount {
  kind: 'NEW' | 'CANCEL';
}

const LABEL = 80;
const DATA = 100;

function volumeSerial(header: SubmissionHeader): string {
  return numeric(header.fileNumber, 6);
}

function labels(header: SubmissionHeader, workCode: string): string[] {
  const sun = numeric(header.serviceUser.number, 6);
  const fileId = `A${sun}S  1${sun}`; // 17 characters: the file identifier Bacs derives from the SUN
  const created = julian(header.createdOn);
  const expires = julian(header.createdOn);
  return [
    record(['VOL1', volumeSerial(header), '0', blank(20), blank(6), blank(4), sun, blank(4), blank(28), '1'], LABEL),
    record(['HDR1', fileId, volumeSerial(header), '0001', '0001', blank(4), blank(2), created, expires, '0', '000000', blank(13), blank(7)], LABEL),
    record(['HDR2', 'F', '02000', '00100', blank(35), '00', blank(28)], LABEL),
    record(['UHL1', julian(header.processingDate), '999999', blank(4), '00', '000000', alpha(workCode, 9), numeric(header.fileNumber, 3), blank(7), blank(7), blank(26)], LABEL),
  ];
}

function trailer(header: SubmissionHeader, totals: { debitPence: number; creditPence: number; debits: number; credits: number }): string[] {
  const sun = numeric(header.serviceUser.number, 6);
  const fileId = `A${sun}S  1${sun}`;
  const created = julian(header.createdOn);
  return [
    record(['EOF1', fileId, volumeSerial(header), '0001', '0001', blank(4), blank(2), created, created, '0', '000000', blank(13), blank(7)], LABEL),
    record(['EOF2', 'F', '02000', '00100', blank(35), '00', blank(28)], LABEL),
    record(
      ['UTL1', numeric(totals.debitPence, 13), numeric(totals.creditPence, 13), numeric(totals.debits, 7), numeric(totals.credits, 7), blank(8), blank(28)],
      LABEL,
    ),
  ];
}

function dataRecord(header: SubmissionHeader, payer: PayerAccount, code: string, amountPence: number): string {
  const su = header.serviceUser;
  if (!/^[A-Z0-9./&-][A-Z0-9 ./&-]{5,17}$/i.test(payer.reference)) throw new RangeError(`Mandate reference ${JSON.stringify(payer.reference)} is not 6–18 Bacs characters`);
  return record(
    [
      numeric(payer.sortCode, 6),
      numeric(payer.accountNumber, 8),
      '0',
      code,
      numeric(su.sortCode, 6),
      numeric(su.accountNumber, 8),
      blank(4),
      numeric(amountPence, 11),
      alpha(su.name, 18),
      alpha(payer.reference, 18),
      alpha(payer.accountName, 18),
    ],
    DATA,
  );
}

/** A day's collections for one service user: the debits, then the contra crediting their total. */
export function writeCollectionsFile(header: SubmissionHeader, items: readonly DebitItem[]): string {
  if (items.length === 0) throw new RangeError('A collections file needs at least one debit');
  let total = 0;
  const lines = labels(header, '1 DAILY');
  for (const item of items) {
    if (!Number.isInteger(item.amountPence) || item.amountPence <= 0) throw new RangeError(`Collection for ${item.reference} must be a positive number of pence`);
    total += item.amountPence;
    lines.push(dataRecord(header, item, TRANSACTION_CODES[item.kind], item.amountPence));
  }
  const su = header.serviceUser;
  lines.push(
    record(
      [
        numeric(su.sortCode, 6),
        numeric(su.accountNumber, 8),
        '0',
        TRANSACTION_CODES.CONTRA,
        numeric(su.sortCode, 6),
        numeric(su.accountNumber, 8),
        blank(4),
        numeric(total, 11),
        alpha(su.name, 18),
        alpha('CONTRA', 18),
        alpha(su.name, 18),
      ],
      DATA,
    ),
  );
  lines.push(...trailer(header, { debitPence: total, creditPence: total, debits: items.length, credits: 1 }));
  return `${lines.join('\n')}\n`;
}

/** AUDDIS: mandates lodged (0N) and cancelled (0C), amounts zero, no contra. */
export function writeAuddisFile(header: SubmissionHeader, items: readonly InstructionItem[]): string {
  if (items.length === 0) throw new RangeError('An AUDDIS file needs at least one instruction');
  const lines = labels(header, '1 DAILY');
  for (const item of items) {
    lines.push(dataRecord(header, item, item.kind === 'NEW' ? TRANSACTION_CODES.NEW_INSTRUCTION : TRANSACTION_CODES.CANCEL_INSTRUCTION, 0));
  }
  lines.push(...trailer(header, { debitPence: 0, creditPence: 0, debits: 0, credits: 0 }));
  return `${lines.join('\n')}\n`;
}

export interface ParsedDataRecord extends PayerAccount {
  transactionCode: string;
  amountPence: number;
}

/** Reads the data records back (the sandbox bureau and the tests): everything that is not a label. */
export function readDataRecords(file: string): ParsedDataRecord[] {
  return file
    .split(/\r?\n/)
    .filter((line) => line.length === DATA && !/^(VOL1|HDR[12]|UHL1|EOF[12]|UTL1)/.test(line))
    .map((line) => ({
      sortCode: line.slice(0, 6),
      accountNumber: line.slice(6, 14),
      transactionCode: line.slice(15, 17),
      amountPence: Number(line.slice(35, 46)),
      reference: line.slice(64, 82).trimEnd(),
      accountName: line.slice(82, 100).trimEnd(),
    }));
}
