/**
 * The report files a bureau hands back, in Bacs' XML formats: written by the sandbox bureau and by the tests
 * (the parsers in reports.ts read them, as they read a real bureau's).
 */

const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const attrs = (values: Record<string, string | number | null | undefined>) =>
  Object.entries(values)
    .filter(([, v]) => v !== null && v !== undefined)
    .map(([k, v]) => ` ${k}="${escape(String(v))}"`)
    .join('');
const pounds = (pence: number) => `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;

const document = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<BACSDocument><Data>${body}</Data></BACSDocument>\n`;

export interface ReturnedDebit {
  reference: string;
  transactionCode: string;
  returnCode: string;
  amountPence: number;
  originalProcessingDate: string;
  payerName: string;
  payerSortCode: string;
  payerAccountNumber: string;
}

export function writeArudd(serviceUserNumber: string, reportDate: string, items: readonly ReturnedDebit[]): string {
  const advices = items
    .map(
      (i) =>
        `<ReturnedDebitItem${attrs({ ref: i.reference, transCode: i.transactionCode, returnCode: i.returnCode, originalProcessingDate: i.originalProcessingDate, valueOf: pounds(i.amountPence), currency: 'GBP' })}>` +
        `<PayerAccount${attrs({ number: i.payerAccountNumber, ref: i.reference, name: i.payerName, sortCode: i.payerSortCode })}/></ReturnedDebitItem>`,
    )
    .join('\n');
  return document(
    `<ARUDD><Header${attrs({ reportType: 'REFT1019', currentProcessingDate: reportDate })}/>` +
      `<ServiceLicenseInformation${attrs({ userNumber: serviceUserNumber })}/>` +
      `<Advice><OriginatingAccountRecords><OriginatingAccountRecord><ReturnedDebitItems>\n${advices}\n</ReturnedDebitItems></OriginatingAccountRecord></OriginatingAccountRecords></Advice></ARUDD>`,
  );
}

export interface MessagingAdviceItem {
  reference: string;
  reasonCode: string;
  effectiveDate: string;
  payerName: string;
  payerSortCode: string;
  payerAccountNumber: string;
  newSortCode?: string;
  newAccountNumber?: string;
  newName?: string;
}

/** ADDACS and AUDDIS rejection reports (same element, different report type). */
export function writeMessagingAdvices(kind: 'ADDACS' | 'AUDDIS', serviceUserNumber: string, reportDate: string, items: readonly MessagingAdviceItem[]): string {
  const advices = items
    .map(
      (i) =>
        `<MessagingAdvice${attrs({
          'user-number': serviceUserNumber,
          'record-type': kind === 'AUDDIS' ? 'R' : 'A',
          'effective-date': i.effectiveDate,
          reference: i.reference,
          'payer-name': i.payerName,
          'payer-account-number': i.payerAccountNumber,
          'payer-sort-code': i.payerSortCode,
          'reason-code': i.reasonCode,
          'payer-new-name': i.newName,
          'payer-new-account-number': i.newAccountNumber,
          'payer-new-sort-code': i.newSortCode,
        })}/>`,
    )
    .join('\n');
  return document(
    `<MessagingAdvices><MessagingHeader${attrs({ 'report-type': kind === 'ADDACS' ? 'REFT1030' : 'REFT1029', 'report-generation-date': reportDate })}/>\n${advices}\n</MessagingAdvices>`,
  );
}

export interface IndemnityClaim {
  reference: string;
  reasonCode: string;
  amountPence: number;
  debitDate: string;
  payerName: string;
  payerSortCode: string;
  payerAccountNumber: string;
}

export function writeDdica(serviceUserNumber: string, reportDate: string, items: readonly IndemnityClaim[]): string {
  const advices = items
    .map(
      (i, index) =>
        `<DDICAAdvice${attrs({ seqNo: index + 1, payingBankReasonCode: i.reasonCode, SUNumber: serviceUserNumber, SUReference: i.reference, totalAmount: pounds(i.amountPence) })}>` +
        `<PayingBankAccount${attrs({ name: i.payerName, accountNumber: i.payerAccountNumber, sortCode: i.payerSortCode })}/>` +
        `<DirectDebit${attrs({ date: i.debitDate, amount: pounds(i.amountPence) })}/></DDICAAdvice>`,
    )
    .join('\n');
  return document(`<DDICA><Header${attrs({ reportType: 'REFT1027', currentProcessingDate: reportDate })}/><NewAdvices>\n${advices}\n</NewAdvices></DDICA>`);
}
