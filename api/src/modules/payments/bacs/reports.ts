import { attr, elements, firstElement } from './xml-elements';
import { reasonAction, type ReasonAction, type ReportKind } from './reason-codes';

/**
 * Bacs' XML report formats read into one shape: each advice names the service user, the mandate reference,
 * the reason code and what to do about it (`action`). Amounts are pounds with two decimals in the files and
 * pence here.
 */
export interface ReportAdvice {
  report: ReportKind;
  serviceUserNumber: string;
  /** The mandate reference (the payer's reference with the service user). */
  reference: string;
  reasonCode: string;
  action: ReasonAction;
  /** ARUDD and DDICA: the collection's amount and original processing or debit date. */
  amountPence: number | null;
  collectionDate: string | null;
  /** ADDACS and AUDDIS: the date the change takes effect. */
  effectiveDate: string | null;
  /** ADDACS amendments (3, C, E): the payer's new details. */
  newSortCode: string | null;
  newAccountNumber: string | null;
  newAccountName: string | null;
}

function pence(pounds: string | undefined): number | null {
  if (pounds === undefined || pounds === '') return null;
  if (!/^\d+(\.\d{1,2})?$/.test(pounds)) throw new RangeError(`Amount ${JSON.stringify(pounds)} in a Bacs report is not pounds and pence`);
  const [whole, fraction = ''] = pounds.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

const orNull = (value: string | undefined) => (value === undefined || value === '' ? null : value);

function advice(report: ReportKind, fields: Omit<ReportAdvice, 'report' | 'action'>): ReportAdvice {
  return { report, ...fields, action: reasonAction(report, fields.reasonCode) };
}

/** ARUDD: each `ReturnedDebitItem` is a collection the paying bank returned. */
export function parseArudd(xml: string): ReportAdvice[] {
  const serviceUserNumber = firstElement(xml, 'ServiceLicenseInformation').userNumber ?? '';
  return elements(xml, 'ReturnedDebitItem').map(({ attributes: a }) =>
    advice('ARUDD', {
      serviceUserNumber,
      reference: (a.ref ?? '').trim(),
      reasonCode: a.returnCode ?? '',
      amountPence: pence(attr(a, 'valueOf')),
      collectionDate: orNull(a.originalProcessingDate),
      effectiveDate: null,
      newSortCode: null,
      newAccountNumber: null,
      newAccountName: null,
    }),
  );
}

/** ADDACS and AUDDIS share the `MessagingAdvice` element; the report kind says which reason table applies. */
function parseMessagingAdvices(report: 'ADDACS' | 'AUDDIS', xml: string): ReportAdvice[] {
  return elements(xml, 'MessagingAdvice').map(({ attributes: a }) =>
    advice(report, {
      serviceUserNumber: a['user-number'] ?? '',
      reference: (a.reference ?? '').trim(),
      reasonCode: a['reason-code'] ?? '',
      amountPence: null,
      collectionDate: null,
      effectiveDate: orNull(a['effective-date']),
      newSortCode: orNull(a['payer-new-sort-code']),
      newAccountNumber: orNull(a['payer-new-account-number']),
      newAccountName: orNull(a['payer-new-name']),
    }),
  );
}

export const parseAddacs = (xml: string) => parseMessagingAdvices('ADDACS', xml);
export const parseAuddisRejections = (xml: string) => parseMessagingAdvices('AUDDIS', xml);

/** DDICA: each `DDICAAdvice` is an indemnity claim, with the claimed Direct Debit as a child element. */
export function parseDdica(xml: string): ReportAdvice[] {
  return elements(xml, 'DDICAAdvice').map(({ attributes: a, children }) =>
    advice('DDICA', {
      serviceUserNumber: a.SUNumber ?? '',
      reference: (a.SUReference ?? '').trim(),
      reasonCode: a.payingBankReasonCode ?? '',
      amountPence: pence(children.DirectDebit?.amount ?? a.totalAmount),
      collectionDate: orNull(children.DirectDebit?.date),
      effectiveDate: null,
      newSortCode: null,
      newAccountNumber: null,
      newAccountName: null,
    }),
  );
}

export const REPORT_PARSERS: Record<ReportKind, (xml: string) => ReportAdvice[]> = {
  ARUDD: parseArudd,
  ADDACS: parseAddacs,
  AUDDIS: parseAuddisRejections,
  DDICA: parseDdica,
};
