import { readDataRecords, writeAuddisFile, writeCollectionsFile, type SubmissionHeader } from './standard18';

/*
 * Golden Standard 18 files, written out by hand below so that a change to any field's position or padding shows
 * up as a diff. Service user 188760, processing day Wednesday 23 December 2026 (Julian 26357), made Monday 21st.
 */
const header: SubmissionHeader = {
  serviceUser: { number: '188760', name: 'Shared House Bills', sortCode: '401276', accountNumber: '41234567' },
  processingDate: '2026-12-23',
  createdOn: '2026-12-21',
  fileNumber: 1,
};

const GOLDEN_COLLECTIONS = [
  'VOL10000010                              188760                                1',
  'HDR1A188760S  118876000000100010001       26355 263550000000                    ',
  'HDR2F0200000100                                   00                            ',
  'UHL1 26357999999    000000001 DAILY  001                                        ',
  '0899996637495800140127641234567    00000004599SHARED HOUSE BILLSSHB0000001        AMELIE O BRIEN    ',
  '1079998883749101740127641234567    00000012000SHARED HOUSE BILLSSHB0000002        J SMITH           ',
  '2029596374847201840127641234567    00000007501SHARED HOUSE BILLSSHB0000003        PRIYA PATEL-JONES ',
  '8714274623851001940127641234567    00000000100SHARED HOUSE BILLSSHB0000004        TOM BROWN         ',
  '4012764123456709940127641234567    00000024200SHARED HOUSE BILLSCONTRA            SHARED HOUSE BILLS',
  'EOF1A188760S  118876000000100010001       26355 263550000000                    ',
  'EOF2F0200000100                                   00                            ',
  'UTL10000000024200000000002420000000040000001                                    ',
];

const GOLDEN_AUDDIS = [
  'VOL10000010                              780142                                1',
  'HDR1A780142S  178014200000100010001       26355 263550000000                    ',
  'HDR2F0200000100                                   00                            ',
  'UHL1 26357999999    000000001 DAILY  001                                        ',
  '0899996637495800N40127641234567    00000000000STUDENT BILLS     SHB0000001        A OBRIEN          ',
  '1079998883749100C40127641234567    00000000000STUDENT BILLS     SHB0000002        J SMITH           ',
  'EOF1A780142S  178014200000100010001       26355 263550000000                    ',
  'EOF2F0200000100                                   00                            ',
  'UTL10000000000000000000000000000000000000000                                    ',
];

const debits = [
  { sortCode: '089999', accountNumber: '66374958', accountName: "Amélie O'Brien", reference: 'SHB0000001', amountPence: 4599, kind: 'FIRST' as const },
  { sortCode: '107999', accountNumber: '88837491', accountName: 'J Smith', reference: 'SHB0000002', amountPence: 12000, kind: 'REGULAR' as const },
  { sortCode: '202959', accountNumber: '63748472', accountName: 'Priya Patel-Jones', reference: 'SHB0000003', amountPence: 7501, kind: 'REPRESENTED' as const },
  { sortCode: '871427', accountNumber: '46238510', accountName: 'Tom Brown', reference: 'SHB0000004', amountPence: 100, kind: 'FINAL' as const },
];

describe('Standard 18 collections file', () => {
  it('matches the golden file: labels, first/regular/re-presented/final debits (01, 17, 18, 19), contra and totals', () => {
    expect(writeCollectionsFile(header, debits).split('\n').slice(0, -1)).toEqual(GOLDEN_COLLECTIONS);
  });

  it('has 80-character labels and 100-character data records', () => {
    const lines = writeCollectionsFile(header, debits).split('\n').slice(0, -1);
    expect(lines.map((line) => line.length)).toEqual([80, 80, 80, 80, 100, 100, 100, 100, 100, 80, 80, 80]);
  });

  it('reads its data records back', () => {
    const records = readDataRecords(writeCollectionsFile(header, debits));
    expect(records.map((r) => [r.transactionCode, r.reference, r.amountPence])).toEqual([
      ['01', 'SHB0000001', 4599],
      ['17', 'SHB0000002', 12000],
      ['18', 'SHB0000003', 7501],
      ['19', 'SHB0000004', 100],
      ['99', 'CONTRA', 24200],
    ]);
  });

  it('refuses what would move the wrong money rather than cut it', () => {
    expect(() => writeCollectionsFile(header, [])).toThrow(RangeError);
    expect(() => writeCollectionsFile(header, [{ ...debits[0]!, amountPence: 0 }])).toThrow(RangeError);
    expect(() => writeCollectionsFile(header, [{ ...debits[0]!, amountPence: 12.5 }])).toThrow(RangeError);
    expect(() => writeCollectionsFile(header, [{ ...debits[0]!, amountPence: 1e11 }])).toThrow(RangeError);
    expect(() => writeCollectionsFile(header, [{ ...debits[0]!, reference: 'AB' }])).toThrow(RangeError);
    expect(() => writeCollectionsFile(header, [{ ...debits[0]!, sortCode: '08-99-99' }])).toThrow(RangeError);
  });
});

describe('AUDDIS file', () => {
  it('matches the golden file: a lodgement (0N) and a cancellation (0C) for service user 780142, no contra', () => {
    const file = writeAuddisFile({ ...header, serviceUser: { ...header.serviceUser, number: '780142', name: 'Student Bills' } }, [
      { sortCode: '089999', accountNumber: '66374958', accountName: 'A OBrien', reference: 'SHB0000001', kind: 'NEW' },
      { sortCode: '107999', accountNumber: '88837491', accountName: 'J Smith', reference: 'SHB0000002', kind: 'CANCEL' },
    ]);
    expect(file.split('\n').slice(0, -1)).toEqual(GOLDEN_AUDDIS);
  });
});
