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

it('logs at LOG_LEVEL, readable in development and JSON elsewhere, silent under jest unless told', () => {
  expect(loadConfig({}).log).toEqual({ level: 'info', pretty: true });
  expect(loadConfig({ NODE_ENV: 'production' }).log).toEqual({ level: 'info', pretty: false });
  expect(loadConfig({ NODE_ENV: 'production', LOG_PRETTY: '1', LOG_LEVEL: 'DEBUG' }).log).toEqual({ level: 'debug', pretty: true });
  expect(loadConfig({ LOG_PRETTY: 'false' }).log.pretty).toBe(false);
  expect(loadConfig({ NODE_ENV: 'test', JEST_WORKER_ID: '1' }).log).toEqual({ level: 'silent', pretty: false });
  expect(loadConfig({ JEST_WORKER_ID: '1', LOG_LEVEL: 'warn' }).log.level).toBe('warn');
  expect(() => loadConfig({ LOG_LEVEL: 'verbose' })).toThrow('LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent, got "verbose"');
  expect(() => loadConfig({ LOG_PRETTY: 'yes' })).toThrow('LOG_PRETTY: must be 1, true, 0 or false');
});

it('protects /metrics with METRICS_TOKEN, and has none without it', () => {
  expect(loadConfig({}).metricsToken).toBeNull();
  expect(loadConfig({ METRICS_TOKEN: ' prometheus-scrape-token-1 ' }).metricsToken).toBe('prometheus-scrape-token-1');
  expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow('METRICS_TOKEN: must be at least 16 characters with no spaces');
});
