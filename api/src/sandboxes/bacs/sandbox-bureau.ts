import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import type { BacsCalendar } from '../../modules/payments/bacs/bacs-calendar';
import type { BacsBureau, BureauReport } from '../../modules/payments/bacs/bureau';
import { writeArudd, writeDdica, writeMessagingAdvices } from '../../modules/payments/bacs/report-writers';
import { readDataRecords, type ParsedDataRecord } from '../../modules/payments/bacs/standard18';
import { sandboxAccount } from './test-accounts';

/**
 * A local Bacs bureau: keeps each submitted file in `{folder}/submissions/`, and on the Bacs working-day
 * clock hands back what a real bureau would:
 *
 * - ARUDD two working days after the collection date (day 3 + 2) for returned debits;
 * - DDICA six weeks after the collection date for indemnity claims;
 * - AUDDIS on a lodgement's processing day (two working days after it is sent) for rejected mandates, and
 *   ADDACS the working day after for mandates the payer's bank changes, both for the test accounts of
 *   test-accounts.ts.
 *
 * Failures on request, like a card provider's test cards, by the pence of the amount: 01p insufficient funds
 * (ARUDD 0, refer to payer), 02p mandate cancelled (ARUDD 1), 03p account closed (ARUDD B), 04p an indemnity
 * claim weeks later (DDICA 2, no advance notice). `failureRate` (0–1) also returns that share of the other
 * debits as insufficient funds, chosen by a hash of the reference and date so a re-read gives the same answer.
 */
export class SandboxBacsBureau implements BacsBureau {
  readonly name: string;

  constructor(
    private readonly folder: string,
    private readonly calendar: BacsCalendar,
    private readonly options: { failureRate?: number } = {},
  ) {
    this.name = `sandbox://${folder}`;
  }

  async submit(fileName: string, file: string, submissionDate: string): Promise<string> {
    if (!/^[\w.-]+$/.test(fileName)) throw new Error(`Bad submission file name ${fileName}`);
    const dir = path.join(this.folder, 'submissions');
    await fs.mkdir(dir, { recursive: true });
    const target = path.join(dir, `${submissionDate}_${fileName}`);
    // wx: a second submission of the same file keeps the first (a real bureau refuses a duplicate file).
    await fs.writeFile(target, file, { flag: 'wx' }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
    return `SANDBOX-${submissionDate}-${fileName}`;
  }

  async reportsOn(day: string): Promise<BureauReport[]> {
    const dir = path.join(this.folder, 'submissions');
    const names = await fs.readdir(dir).catch(() => [] as string[]);
    const reports: BureauReport[] = [];
    for (const name of names.sort()) {
      const [submissionDate] = name.split('_') as [string];
      const file = await fs.readFile(path.join(dir, name), 'utf8');
      const sun = /^VOL1.{37}(\d{6})/m.exec(file)?.[1] ?? '';
      const collectionDate = this.calendar.addWorkingDays(this.calendar.onOrAfter(submissionDate), 2);
      const aruddDay = this.calendar.addWorkingDays(collectionDate, 2);
      const ddicaDay = this.calendar.onOrAfter(addCalendarDays(collectionDate, 42));
      const records = readDataRecords(file);
      reports.push(...this.mandateReports(name, sun, submissionDate, records, day));
      const debits = records.filter((r) => ['01', '17', '18', '19'].includes(r.transactionCode));
      const returned = debits
        .map((r) => ({ r, code: this.returnCode(r.reference, r.amountPence, collectionDate) }))
        .filter((x): x is { r: (typeof debits)[number]; code: string } => x.code !== null);
      if (returned.length && aruddDay <= day) {
        reports.push({
          kind: 'ARUDD',
          name: `ARUDD_${aruddDay}_${name}`,
          xml: writeArudd(
            sun,
            aruddDay,
            returned.map(({ r, code }) => ({
              reference: r.reference,
              transactionCode: r.transactionCode,
              returnCode: code,
              amountPence: r.amountPence,
              originalProcessingDate: this.calendar.processingDay(collectionDate),
              payerName: r.accountName,
              payerSortCode: r.sortCode,
              payerAccountNumber: r.accountNumber,
            })),
          ),
        });
      }
      const claims = debits.filter((r) => r.amountPence % 100 === 4);
      if (claims.length && ddicaDay <= day) {
        reports.push({
          kind: 'DDICA',
          name: `DDICA_${ddicaDay}_${name}`,
          xml: writeDdica(
            sun,
            ddicaDay,
            claims.map((r) => ({ reference: r.reference, reasonCode: '2', amountPence: r.amountPence, debitDate: collectionDate, payerName: r.accountName, payerSortCode: r.sortCode, payerAccountNumber: r.accountNumber })),
          ),
        });
      }
    }
    return reports;
  }

  /** AUDDIS rejections and ADDACS changes for the lodgements (0N) of a file, on their days. */
  private mandateReports(name: string, sun: string, submissionDate: string, records: ParsedDataRecord[], day: string): BureauReport[] {
    const lodged = records.filter((r) => r.transactionCode === '0N').map((r) => ({ r, behaviour: sandboxAccount(r.sortCode, r.accountNumber) }));
    const auddisDay = this.calendar.addWorkingDays(this.calendar.onOrAfter(submissionDate), 2);
    const addacsDay = this.calendar.addWorkingDays(auddisDay, 1);
    const payer = (r: ParsedDataRecord) => ({ reference: r.reference, payerName: r.accountName, payerSortCode: r.sortCode, payerAccountNumber: r.accountNumber });
    const reports: BureauReport[] = [];
    const rejected = lodged.filter((x) => x.behaviour?.auddis);
    if (rejected.length && auddisDay <= day) {
      reports.push({
        kind: 'AUDDIS',
        name: `AUDDIS_${auddisDay}_${name}`,
        xml: writeMessagingAdvices('AUDDIS', sun, auddisDay, rejected.map(({ r, behaviour }) => ({ ...payer(r), reasonCode: behaviour!.auddis!, effectiveDate: auddisDay }))),
      });
    }
    const changed = lodged.filter((x) => x.behaviour?.addacs);
    if (changed.length && addacsDay <= day) {
      reports.push({
        kind: 'ADDACS',
        name: `ADDACS_${addacsDay}_${name}`,
        xml: writeMessagingAdvices(
          'ADDACS',
          sun,
          addacsDay,
          changed.map(({ r, behaviour }) => ({ ...payer(r), reasonCode: behaviour!.addacs!.reasonCode, effectiveDate: addacsDay, newSortCode: behaviour!.addacs!.newSortCode, newAccountNumber: behaviour!.addacs!.newAccountNumber })),
        ),
      });
    }
    return reports;
  }

  private returnCode(reference: string, amountPence: number, date: string): string | null {
    const pence = amountPence % 100;
    if (pence === 1) return '0';
    if (pence === 2) return '1';
    if (pence === 3) return 'B';
    if (pence === 4) return null;
    const rate = this.options.failureRate ?? 0;
    if (rate > 0 && crypto.createHash('sha1').update(`${reference}:${date}`).digest().readUInt32BE(0) / 2 ** 32 < rate) return '0';
    return null;
  }
}

function addCalendarDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
