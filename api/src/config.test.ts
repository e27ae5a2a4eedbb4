import { loadConfig } from './config';

it('derives the public addresses from PORT and BASE_URL', () => {
  expect(loadConfig({ PORT: '4000' })).toMatchObject({
    port: 4000,
    baseUrl: 'http://localhost:4000',
    backendUrl: 'http://localhost:4000/api/v2',
    notifyUrl: 'ws://localhost:4000/api/v2/notify',
  });
  expect(loadConfig({ BASE_URL: 'https://bills.example.co.uk/' })).toMatchObject({
    baseUrl: 'https://bills.example.co.uk',
    notifyUrl: 'wss://bills.example.co.uk/api/v2/notify',
  });
});

it('uses Twilio only when all three settings are given', () => {
  expect(loadConfig({ TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 't' }).twilio).toBeNull();
  expect(loadConfig({ TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 't', TWILIO_FROM: '+447700900000' }).twilio).not.toBeNull();
});

it('names the setting and the rule when a value is wrong', () => {
  expect(() => loadConfig({ PORT: 'eighty' })).toThrow('PORT: must be a whole number from 0 to 65535, got "eighty"');
  expect(() => loadConfig({ BACKOFFICE_LOGIN_STRATEGIES: 'google,saml' })).toThrow('BACKOFFICE_LOGIN_STRATEGIES: unknown strategy saml');
});
