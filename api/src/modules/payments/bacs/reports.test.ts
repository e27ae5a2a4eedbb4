import { parseAddacs, parseArudd, parseAuddisRejections, parseDdica } from './reports';
import { writeArudd, writeDdica, writeMessagingAdvices } from './report-writers';
import { ARUDD_REASONS, ADDACS_REASONS, AUDDIS_REASONS, DDICA_REASONS, reasonAction } from './reason-codes';

/*
 * Each report read from a file as a bureau sends it (attributes in any order, entities, line breaks), then one
 * test per reason code: the advice carries the action the product takes. The expected actions are written out
 * here, not read from the table, so a changed mapping is a failing test.
 */

const PAYER = { payerName: 'J SMITH', payerSortCode: '107999', payerAccountNumber: '88837491' };

describe('report files', () => {
  it('ARUDD: a returned debit with its amount, code and original processing day', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<BACSDocument xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><Data><ARUDD>
  <Header reportType="REFT1019" adviceNumber="00000001" currentProcessingDate="2026-12-29"/>
  <AddresseeInformation name="SHARED HOUSE BILLS"/>
  <ServiceLicenseInformation userName="SHARED HOUSE BILLS" userNumber="188760"/>
  <Advice><OriginatingAccountRecords><OriginatingAccountRecord>
    <OriginatingAccount name="SHARED HOUSE BILLS" number="41234567" sortCode="401276" type="0"/>
    <ReturnedDebitItems>
      <ReturnedDebitItem valueOf="45.99" currency="GBP" transCode="01" ref="SHB0000001  " returnCode="0" returnDescription="REFER TO PAYER" originalProcessingDate="2026-12-23">
        <PayerAccount number="66374958" ref="SHB0000001" name="O&apos;BRIEN &amp; CO" sortCode="089999"/>
      </ReturnedDebitItem>
      <ReturnedDebitItem ref="SHB0000002" transCode="17" returnCode="B" valueOf="120" currency="GBP" originalProcessingDate="2026-12-23"/>
    </ReturnedDebitItems>
  </OriginatingAccountRecord></OriginatingAccountRecords></Advice>
</ARUDD></Data></BACSDocument>`;
    const advices = parseArudd(xml);
    expect(advices.map(({ serviceUserNumber, reference, reasonCode, amountPence, collectionDate }) => ({ serviceUserNumber, reference, reasonCode, amountPence, collectionDate }))).toEqual([
      { serviceUserNumber: '188760', reference: 'SHB0000001', reasonCode: '0', amountPence: 4599, collectionDate: '2026-12-23' },
      { serviceUserNumber: '188760', reference: 'SHB0000002', reasonCode: 'B', amountPence: 12000, collectionDate: '2026-12-23' },
    ]);
  });

  it('ADDACS: an amendment carries the new bank details', () => {
    const xml = `<BACSDocument><Data><MessagingAdvices><MessagingHeader report-type="REFT1030"/>
      <MessagingAdvice user-number="780142" record-type="A" effective-date="2027-01-04" reference="SHB0000003" payer-name="P PATEL" payer-account-number="63748472" payer-sort-code="202959" reason-code="3" payer-new-name="P PATEL-JONES" payer-new-account-number="46238510" payer-new-sort-code="871427"/>
    </MessagingAdvices></Data></BACSDocument>`;
    expect(parseAddacs(xml)).toEqual([
      expect.objectContaining({
        serviceUserNumber: '780142',
        reference: 'SHB0000003',
        effectiveDate: '2027-01-04',
        newSortCode: '871427',
        newAccountNumber: '46238510',
        newAccountName: 'P PATEL-JONES',
        action: expect.objectContaining({ mandate: 'UPDATE' }),
      }),
    ]);
  });

  it('DDICA: an indemnity claim with the claimed debit', () => {
    const xml = `<BACSDocument><Data><DDICA><Header reportType="REFT1027"/><NewAdvices>
      <DDICAAdvice seqNo="1" payingBankReasonCode="2" SUNumber="188760" SUReference="SHB0000004" totalAmount="1.00">
        <PayingBankAccount name="T BROWN" accountNumber="46238510" sortCode="871427"/>
        <DirectDebit date="2026-10-23" amount="1.00"/>
      </DDICAAdvice></NewAdvices></DDICA></Data></BACSDocument>`;
    expect(parseDdica(xml)).toEqual([
      expect.objectContaining({ reference: 'SHB0000004', reasonCode: '2', amountPence: 100, collectionDate: '2026-10-23', action: expect.objectContaining({ payment: 'REVERSE' }) }),
    ]);
  });

  it('an empty report has no advices', () => {
    expect(parseArudd(writeArudd('188760', '2026-12-29', []))).toEqual([]);
  });

  it('refuses an amount that is not pounds and pence rather than guess', () => {
    expect(() => parseArudd('<ReturnedDebitItem ref="SHB0000001" returnCode="0" valueOf="45.999"/>')).toThrow(RangeError);
  });

  it('an unknown reason code fails the collection and asks staff to look', () => {
    expect(reasonAction('ARUDD', 'Z')).toMatchObject({ payment: 'FAIL', mandate: 'KEEP', review: true });
    expect(reasonAction('AUDDIS', 'Z')).toMatchObject({ mandate: 'REJECT', review: true });
  });
});

type Expected = [code: string, payment: string | null, mandate: string, represent: boolean, review: boolean];

const ARUDD_EXPECTED: Expected[] = [
  ['0', 'FAIL', 'KEEP', true, false],
  ['1', 'FAIL', 'CANCEL', false, false],
  ['2', 'FAIL', 'CANCEL', false, true],
  ['3', 'FAIL', 'CANCEL', false, true],
  ['4', 'FAIL', 'KEEP', false, true],
  ['5', 'FAIL', 'CANCEL', false, false],
  ['6', 'FAIL', 'CANCEL', false, false],
  ['7', 'FAIL', 'KEEP', false, true],
  ['8', 'FAIL', 'KEEP', false, true],
  ['9', 'FAIL', 'KEEP', false, true],
  ['A', 'FAIL', 'CANCEL', false, true],
  ['B', 'FAIL', 'CANCEL', false, false],
];
const ADDACS_EXPECTED: Expected[] = [
  ['0', null, 'CANCEL', false, true],
  ['1', null, 'CANCEL', false, false],
  ['2', null, 'CANCEL', false, true],
  ['3', null, 'UPDATE', false, false],
  ['B', null, 'CANCEL', false, false],
  ['C', null, 'UPDATE', false, false],
  ['D', null, 'KEEP', false, true],
  ['E', null, 'UPDATE', false, false],
  ['R', null, 'REINSTATE', false, false],
];
const AUDDIS_EXPECTED: Expected[] = [
  ['1', null, 'REJECT', false, false],
  ['2', null, 'REJECT', false, true],
  ['3', null, 'REJECT', false, true],
  ['5', null, 'REJECT', false, true],
  ['6', null, 'REJECT', false, false],
  ['B', null, 'REJECT', false, true],
  ['C', null, 'REJECT', false, true],
  ['F', null, 'REJECT', false, true],
  ['G', null, 'REJECT', false, true],
  ['H', null, 'REJECT', false, false],
  ['I', null, 'REJECT', false, true],
  ['K', null, 'REJECT', false, false],
  ['L', null, 'REJECT', false, true],
  ['M', null, 'REJECT', false, true],
  ['N', null, 'REJECT', false, true],
  ['O', null, 'REJECT', false, true],
  ['P', null, 'REJECT', false, true],
  ['Q', null, 'REJECT', false, true],
];
const DDICA_EXPECTED: Expected[] = [
  ['1', 'REVERSE', 'KEEP', false, true],
  ['2', 'REVERSE', 'KEEP', false, true],
  ['3', 'REVERSE', 'CANCEL', false, false],
  ['4', 'REVERSE', 'CANCEL', false, true],
  ['5', 'REVERSE', 'CANCEL', false, true],
  ['6', 'REVERSE', 'CANCEL', false, true],
  ['7', 'REVERSE', 'KEEP', false, false],
  ['8', 'REVERSE', 'KEEP', false, true],
];

const action = ([, payment, mandate, represent, review]: Expected) => ({ payment, mandate, represent, review });

describe('every reason code maps to an action', () => {
  it('the tests cover every code of each table', () => {
    expect(ARUDD_EXPECTED.map(([c]) => c)).toEqual(Object.keys(ARUDD_REASONS));
    expect(ADDACS_EXPECTED.map(([c]) => c)).toEqual(Object.keys(ADDACS_REASONS));
    expect(AUDDIS_EXPECTED.map(([c]) => c)).toEqual(Object.keys(AUDDIS_REASONS));
    expect(DDICA_EXPECTED.map(([c]) => c)).toEqual(Object.keys(DDICA_REASONS));
  });

  it.each(ARUDD_EXPECTED)('ARUDD return code %s', (...row) => {
    const xml = writeArudd('188760', '2026-12-29', [{ ...PAYER, reference: 'SHB0000002', transactionCode: '17', returnCode: row[0], amountPence: 12000, originalProcessingDate: '2026-12-23' }]);
    const [advice] = parseArudd(xml);
    expect(advice).toMatchObject({ reference: 'SHB0000002', reasonCode: row[0], amountPence: 12000, action: action(row) });
  });

  it.each(ADDACS_EXPECTED)('ADDACS reason code %s', (...row) => {
    const xml = writeMessagingAdvices('ADDACS', '188760', '2026-12-29', [{ ...PAYER, reference: 'SHB0000002', reasonCode: row[0], effectiveDate: '2026-12-30' }]);
    expect(parseAddacs(xml)[0]).toMatchObject({ reference: 'SHB0000002', reasonCode: row[0], effectiveDate: '2026-12-30', action: action(row) });
  });

  it.each(AUDDIS_EXPECTED)('AUDDIS rejection reason code %s', (...row) => {
    const xml = writeMessagingAdvices('AUDDIS', '780142', '2026-12-29', [{ ...PAYER, reference: 'SHB0000002', reasonCode: row[0], effectiveDate: '2026-12-29' }]);
    expect(parseAuddisRejections(xml)[0]).toMatchObject({ serviceUserNumber: '780142', reference: 'SHB0000002', reasonCode: row[0], action: action(row) });
  });

  it.each(DDICA_EXPECTED)('DDICA indemnity reason code %s', (...row) => {
    const xml = writeDdica('188760', '2027-02-01', [{ ...PAYER, reference: 'SHB0000002', reasonCode: row[0], amountPence: 12000, debitDate: '2026-12-23' }]);
    expect(parseDdica(xml)[0]).toMatchObject({ reference: 'SHB0000002', reasonCode: row[0], amountPence: 12000, collectionDate: '2026-12-23', action: action(row) });
  });
});
