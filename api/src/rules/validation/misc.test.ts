import {
  GSM_BASIC_CHARACTERS,
  atLeastOneOf,
  batchSize,
  commentDeletable,
  companyNumbersMatch,
  eighteenthBirthday,
  hexColour,
  ipOrCidrList,
  isGsmBasicText,
  isIPv4,
  isIPv6,
  minimumAge,
  promoCodeNotTenantId,
  scheduleDeletionCount,
  smsText,
  tariffName,
  tariffNotAssignedTwice,
} from './misc';

describe('hexColour', () => {
  it.each(['#fff', '#FFF', '#1a2B3c', ''])('accepts %p', (value) => expect(hexColour(value)).toBeNull());
  it.each(['fff', '#ffff', '#12345', '#1234567', '#ggg', 'red'])('refuses %p', (value) => expect(hexColour(value)).toBe('Enter a colour as #xxx or #xxxxxx'));
});

describe('IP addresses and CIDR lists', () => {
  it.each(['0.0.0.0', '192.168.1.1', '255.255.255.255'])('IPv4 %s', (value) => expect(isIPv4(value)).toBe(true));
  it.each(['256.1.1.1', '1.2.3', '1.2.3.4.5', '01.2.3.4', '1.2.3.-4', ''])('not IPv4 %p', (value) => expect(isIPv4(value)).toBe(false));
  it.each(['::', '::1', '2001:db8::', '2001:db8:0:0:0:0:0:1', 'fe80::1:2', '1:2:3:4:5:6:7::', '::ffff:192.0.2.1', '2001:DB8::A'])('IPv6 %s', (value) =>
    expect(isIPv6(value)).toBe(true),
  );
  it.each(['2001:db8:::1', '1::2::3', '1:2:3:4:5:6:7:8:9', '1:2:3:4:5:6:7', '12345::', ':1:2:3:4:5:6:7', 'g::1', '::1.2.3.4:1', 'fe80::1%eth0'])(
    'not IPv6 %p',
    (value) => expect(isIPv6(value)).toBe(false),
  );

  it('accepts lists separated by commas and/or whitespace', () => {
    expect(ipOrCidrList('192.168.0.0/16, 10.0.0.1\n2001:db8::/32  ::1/128,0.0.0.0/0')).toBeNull();
    expect(ipOrCidrList('')).toBeNull();
  });
  it.each([
    ['10.0.0.0/33', '10.0.0.0/33'],
    ['10.0.0.1, 300.0.0.1', '300.0.0.1'],
    ['2001:db8::/129', '2001:db8::/129'],
    ['10.0.0.0/8/8', '10.0.0.0/8/8'],
    ['10.0.0.0/', '10.0.0.0/'],
    ['localhost', 'localhost'],
  ])('refuses %p, naming %p', (value, bad) => expect(ipOrCidrList(value)).toBe(`Invalid IP address or CIDR range: ${bad}`));
  it('refuses a list of separators only', () => {
    expect(ipOrCidrList(' , ,')).toBe('Enter at least one IP address or CIDR range');
  });
});

describe('atLeastOneOf', () => {
  it('passes when one field is filled in', () => {
    expect(atLeastOneOf({ values: { email: '', phone: '07700 900123' }, fields: ['email', 'phone'] })).toBeNull();
    expect(atLeastOneOf({ values: { ids: [1] }, fields: ['ids', 'q'] })).toBeNull();
    expect(atLeastOneOf({ values: { n: 0 }, fields: ['n'] })).toBeNull();
  });
  it('fails when all are empty, blank or missing', () => {
    expect(atLeastOneOf({ values: { email: '  ', phone: null, ids: [] }, fields: ['email', 'phone', 'ids', 'other'] })).toBe(
      'Fill in at least one of: email, phone, ids, other',
    );
  });
});

describe('companyNumbersMatch', () => {
  it('equal after trimming', () => {
    expect(companyNumbersMatch({ first: ' 01234567', second: '01234567 ' })).toBeNull();
    expect(companyNumbersMatch({ first: '01234567', second: '' })).toBeNull();
    expect(companyNumbersMatch({ first: '01234567', second: '01234568' })).toBe('Company numbers must match');
  });
});

describe('limits', () => {
  it('batch of at most 1000 items', () => {
    expect(batchSize(1000)).toBeNull();
    expect(batchSize(new Array(1000).fill(0))).toBeNull();
    expect(batchSize(1001)).toBe('Batch limit exceeded: at most 1000 items at once');
    expect(batchSize(new Array(1001).fill(0))).toBe('Batch limit exceeded: at most 1000 items at once');
  });
  it('at most 100 schedules deleted at once (spec §8 message)', () => {
    expect(scheduleDeletionCount(100)).toBeNull();
    expect(scheduleDeletionCount(new Array(101).fill('id'))).toBe('Cannot delete more than 100 schedules.');
  });
});

describe('SMS text', () => {
  it('the GSM basic set has 127 characters (128 positions less the escape)', () => {
    expect(new Set(Array.from(GSM_BASIC_CHARACTERS)).size).toBe(127);
    expect(Array.from(GSM_BASIC_CHARACTERS)).toHaveLength(127);
    expect(isGsmBasicText('Hello £5 @ home\r\nÀ')).toBe(false); // À is not in the set (à is)
    expect(isGsmBasicText('Hello £5 @ home\r\nà ¿Qué? ÑÜß')).toBe(true);
    expect(isGsmBasicText('Cost €5')).toBe(false); // extension table
    expect(isGsmBasicText('[x]')).toBe(false); // extension table
  });
  it('1600 characters with the basic set only', () => {
    expect(smsText('a'.repeat(1600))).toBeNull();
    expect(smsText('a'.repeat(1601))).toBe('Text message cannot be longer than 1600 characters');
  });
  it('737 otherwise, counting UTF-16 units', () => {
    expect(smsText(`€${'a'.repeat(736)}`)).toBeNull();
    expect(smsText(`€${'a'.repeat(737)}`)).toBe('Text message cannot be longer than 737 characters when it uses characters outside the basic GSM set');
    expect(smsText(`😀${'a'.repeat(735)}`)).toBeNull(); // 737 units
    expect(smsText(`😀${'a'.repeat(736)}`)).toBe('Text message cannot be longer than 737 characters when it uses characters outside the basic GSM set');
    expect(smsText('')).toBeNull();
  });
});

describe('tariffName', () => {
  it.each(['brand_2026_04_london_electric_plan', 'acme2_2025_12_a_gas_bill', 'x_2030_01_14_gas_plan', ''])('accepts %p', (value) =>
    expect(tariffName(value)).toBeNull(),
  );
  it.each([
    'Brand_2026_04_london_electric_plan',
    'brand_26_04_london_electric_plan',
    'brand_2026_4_london_electric_plan',
    'brand_2026_13_london_electric_plan',
    'brand_2026_00_london_electric_plan',
    'brand_2026_04_london_water_plan',
    'brand_2026_04_london_electric_monthly',
    'brand_2026_04_electric_plan',
    'brand__2026_04_london_electric_plan',
    '2brand_2026_04_london_electric_plan',
    'brand_1999_04_london_electric_plan',
  ])('refuses %p', (value) =>
    expect(tariffName(value)).toBe('Tariff name must follow the pattern brand_year_month_area_electric|gas_plan|bill, e.g. brand_2026_04_london_electric_plan'),
  );
});

describe('tariffNotAssignedTwice', () => {
  const existing = [{ id: 1, tariffId: 7, start: '2026-01-01', end: '2026-06-30' }];
  it('passes for another tariff, another period or the same assignment', () => {
    expect(tariffNotAssignedTwice({ assignment: { tariffId: 8, start: '2026-01-01', end: '2026-06-30' }, existing })).toBeNull();
    expect(tariffNotAssignedTwice({ assignment: { tariffId: 7, start: '2026-07-01', end: null }, existing })).toBeNull();
    expect(tariffNotAssignedTwice({ assignment: { id: 1, tariffId: 7, start: '2026-01-01', end: '2026-07-31' }, existing })).toBeNull();
  });
  it('fails for the same tariff over a shared day', () => {
    expect(tariffNotAssignedTwice({ assignment: { tariffId: '7', start: '2026-06-30', end: '2026-12-31' }, existing })).toBe(
      'This tariff is already assigned for this period',
    );
  });
});

describe('promoCodeNotTenantId', () => {
  it.each(['SPRING25', 'T 12345', 'TENANT1', 'friend-10', ''])('accepts %p', (value) => expect(promoCodeNotTenantId(value)).toBeNull());
  it.each(['12345', 'T12345', 't12345', ' T000001 '])('refuses %p', (value) => expect(promoCodeNotTenantId(value)).toBe('A tenant ID cannot be used as a promo code'));
});

describe('minimumAge', () => {
  const today = '2026-03-15';
  it('18 on the birthday itself', () => {
    expect(minimumAge({ dateOfBirth: '2008-03-15', today })).toBeNull();
    expect(minimumAge({ dateOfBirth: '1970-01-01', today })).toBeNull();
    expect(minimumAge({ dateOfBirth: '2008-03-16', today })).toBe('You must be at least 18 years old');
    expect(minimumAge({ dateOfBirth: '', today })).toBeNull();
    expect(minimumAge({ dateOfBirth: '2008-02-30', today })).toBe('Invalid date');
  });
  it('a 29 February birthday counts from 1 March in a non-leap year', () => {
    expect(eighteenthBirthday('2008-02-29')).toBe('2026-03-01');
    expect(eighteenthBirthday('2012-02-29')).toBe('2030-03-01');
    expect(eighteenthBirthday('2010-02-28')).toBe('2028-02-28');
    expect(eighteenthBirthday('2010-03-01')).toBe('2028-03-01');
    expect(minimumAge({ dateOfBirth: '2008-02-29', today: '2026-02-28' })).toBe('You must be at least 18 years old');
    expect(minimumAge({ dateOfBirth: '2008-02-29', today: '2026-03-01' })).toBeNull();
    // born 29/02/2012, 18 on 29/02/2030? 2030 is not a leap year: 1 March
    expect(minimumAge({ dateOfBirth: '2012-02-29', today: '2030-02-28' })).toBe('You must be at least 18 years old');
  });
});

describe('commentDeletable', () => {
  it('not while tied to a freeze of a frozen contract', () => {
    expect(commentDeletable({ tiedToFreeze: true, contractFrozen: false })).toBeNull();
    expect(commentDeletable({ tiedToFreeze: false, contractFrozen: true })).toBeNull();
    expect(commentDeletable({ tiedToFreeze: true, contractFrozen: true })).toBe('A comment tied to a freeze cannot be deleted until the contract is unfrozen');
  });
});
