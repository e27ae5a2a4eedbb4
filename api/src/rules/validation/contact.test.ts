import { alternativeAddressDiffers, normaliseUkMobile, normaliseUkPostcode, shortenAddress, ukMobile, ukPostcode } from './contact';

describe('ukMobile', () => {
  it.each(['07700 900123', '07700 900 123', '+44 7700 900123', '+44 7911 123456', '07624 123456', ' 07400 123456 ', '', null])('accepts %p', (value) =>
    expect(ukMobile(value)).toBeNull(),
  );
  it.each([
    ['07700-900123', 'Mobile number can contain only digits, spaces and a leading +'],
    ['44+7700 900123', 'Mobile number can contain only digits, spaces and a leading +'],
    ['07700900123', 'Mobile number must have at least two parts separated by a space'],
    ['+4477009001234', 'Mobile number must have at least two parts separated by a space'],
    ['+44 07700 900123', 'Do not put a 0 after +44'],
    ['+44 0 7700 900123', 'Do not put a 0 after +44'],
    ['+33 6 12 34 56 78', 'Mobile number must start with a known country code (+44) or with 07'],
    ['7700 900123', 'Mobile number must start with a known country code (+44) or with 07'],
    ['01234 567890', 'Enter a valid UK mobile number'],
    ['07700 90012', 'Enter a valid UK mobile number'],
    ['07700 9001234', 'Enter a valid UK mobile number'],
    ['07000 123456', 'Enter a valid UK mobile number'],
    ['07600 123456', 'Enter a valid UK mobile number'],
    ['+44 20 7946 0000', 'Enter a valid UK mobile number'],
  ])('refuses %p', (value, message) => expect(ukMobile(value)).toBe(message));

  it('normalises to +44 form', () => {
    expect(normaliseUkMobile('07700 900123')).toBe('+447700900123');
    expect(normaliseUkMobile('+44 7700 900 123')).toBe('+447700900123');
    expect(normaliseUkMobile('+44 07700 900123')).toBeNull();
  });

  // A record is loaded and saved back unchanged: the stored form must pass its own rule.
  it.each(['07700 900104', '+44 7700 900104', '07624 123456', '+44 7911 123456'])('accepts the stored form of %p', (value) => {
    const stored = normaliseUkMobile(value)!;
    expect(ukMobile(stored)).toBeNull();
    expect(normaliseUkMobile(stored)).toBe(stored);
  });
});

describe('ukPostcode', () => {
  it.each(['SW1A 1AA', 'SW1A1AA', 'sw1a 1aa', 'M1 1AE', 'B33 8TH', 'CR2 6XH', 'DN55 1PT', 'GIR 0AA', 'gir0aa', 'EC1A 1BB', 'W1A 0AX', 'N1C 4AG', ' LS1 4AP ', ''])(
    'accepts %p',
    (value) => expect(ukPostcode(value)).toBeNull(),
  );
  it.each(['12345', 'SW1A1AAA', 'SW1A  1AA', 'SW1A 1A', 'Q1 1AA', 'AI1 1AA', 'M1 1AC', 'M1 1IA', 'W1I 1AA', 'SW1A-1AA', 'SW1A 1AA x'])('refuses %p', (value) =>
    expect(ukPostcode(value)).toBe('Enter a valid UK postcode'),
  );
  it('normalises to upper case with one space', () => {
    expect(normaliseUkPostcode('sw1a1aa')).toBe('SW1A 1AA');
    expect(normaliseUkPostcode('m1 1ae')).toBe('M1 1AE');
    expect(normaliseUkPostcode('12345')).toBeNull();
  });
});

describe('shortenAddress', () => {
  it('keeps an address of 24 characters or fewer whole', () => {
    expect(shortenAddress('12 Long Street, Leeds')).toBe('12 Long Street, Leeds');
    expect(shortenAddress('123456789012345678901234')).toBe('123456789012345678901234');
  });
  it('cuts at the last comma that leaves at most 24 characters', () => {
    // "12 Long Street, Sheffield" would be 25 characters
    expect(shortenAddress('12 Long Street, Sheffield, S1 2AB')).toBe('12 Long Street');
    expect(shortenAddress('12 Long Street, Leeds, LS1 4AP')).toBe('12 Long Street, Leeds');
    // a comma exactly at position 25 leaves a 24-character part
    expect(shortenAddress('Flat 1, 22 Acacia Avenue, Leeds')).toBe('Flat 1, 22 Acacia Avenue');
  });
  it('drops the spaces before the comma', () => {
    expect(shortenAddress('12 Long Street   , Leeds and district')).toBe('12 Long Street');
  });
  it('hard-cuts a first part longer than 24 characters, with an ellipsis, to 24 characters', () => {
    const result = shortenAddress('The Old Rectory Cottages Upper Lane, Leeds');
    expect(result).toBe('The Old Rectory Cottage…');
    expect(Array.from(result)).toHaveLength(24);
  });
  it('trims the input first', () => {
    expect(shortenAddress('   1 High St, York   ')).toBe('1 High St, York');
  });
});

describe('alternativeAddressDiffers', () => {
  const house = { streetName: '12 Long Street', address2: 'Flat 2', cityName: 'Leeds', postCode: 'LS1 4AP' };
  it('passes for another address, and while the alternative is incomplete', () => {
    expect(alternativeAddressDiffers({ alternative: { ...house, streetName: '14 Long Street' }, house })).toBeNull();
    expect(alternativeAddressDiffers({ alternative: { ...house, address2: 'Flat 3' }, house })).toBeNull();
    expect(alternativeAddressDiffers({ alternative: null, house })).toBeNull();
    expect(alternativeAddressDiffers({ alternative: { streetName: '', postCode: '' }, house })).toBeNull();
  });
  it('fails for the house address written differently', () => {
    expect(
      alternativeAddressDiffers({ alternative: { streetName: '12, long street', address2: 'FLAT 2', cityName: 'LEEDS', postCode: 'ls14ap' }, house }),
    ).toBe('Alternative address must be different from the house address');
  });
});
