import { startApiHarness, type ApiHarness } from '../../../testing';

let api: ApiHarness;
beforeAll(async () => {
  api = await startApiHarness({}, { demoData: false });
});
afterAll(() => api.stop());

const QUERY = /* GraphQL */ `
  query Check($sortCode: String!, $accountNumber: String!) {
    validateBankDetails(sortCode: $sortCode, accountNumber: $accountNumber) { valid reason }
  }
`;

const ask = (sortCode: string, accountNumber: string, ip: string) => api.graphql(QUERY, { sortCode, accountNumber }, null, { 'X-Forwarded-For': ip });

describe('validateBankDetails (anonymous, sign-up form)', () => {
  it('answers valid for a Vocalink-valid pair and the reason otherwise, without signing in', async () => {
    expect((await ask('08-99-99', '66374958', '198.51.100.1')).body).toEqual({ data: { validateBankDetails: { valid: true, reason: null } } });
    expect((await ask('089999', '66374959', '198.51.100.1')).body.data.validateBankDetails).toEqual({
      valid: false,
      reason: 'Account number is not valid for this sort code',
    });
    expect((await ask('12345', '66374958', '198.51.100.1')).body.data.validateBankDetails).toEqual({ valid: false, reason: 'Sort code must be 6 digits' });
  });

  it('refuses a caller past 30 checks in 15 minutes with RATE_LIMITED', async () => {
    for (let i = 0; i < 30; i++) expect((await ask('089999', '66374958', '198.51.100.2')).body.errors).toBeUndefined();
    const refused = await ask('089999', '66374958', '198.51.100.2');
    expect(refused.body.errors[0].extensions.code).toBe('RATE_LIMITED');
  });
});
