import request from 'supertest';
import { createApp } from '../app';
import { loadConfig } from '../config';
import { startApiHarness, type ApiHarness } from '../testing';

const secretsInEnvironment = {
  PORT: '3100',
  SMTP_URL: 'smtp://mailer:SmtpS3cret@mail.example.test:587',
  TWILIO_ACCOUNT_SID: 'AC0123456789',
  TWILIO_AUTH_TOKEN: 'TwilioT0ken',
  TWILIO_FROM: '+447700900123',
  GOOGLE_CLIENT_ID: 'bills-client',
  GOOGLE_CLIENT_SECRET: 'GoogleS3cret',
};

let api: ApiHarness;
beforeAll(async () => (api = await startApiHarness(secretsInEnvironment, { demoData: false })));
afterAll(() => api.stop());

describe('GET /api/v2/config', () => {
  it('answers every runtime configuration key of the specification and no secret', async () => {
    await api.db.knex('system_settings').where({ key: 'enableDateOverriding' }).update({ value: JSON.stringify(true) });
    const res = await request(api.app.express).get('/api/v2/config').expect(200);
    expect(res.body).toMatchObject({
      baseUrl: 'http://localhost:3100',
      backendUrl: 'http://localhost:3100/api/v2',
      notifyUrl: 'ws://localhost:3100/api/v2/notify',
      backofficeLoginStrategies: ['google', 'password'],
      serviceUserNumbers: ['188760', '780142'],
      systemSettings: {
        enableDirectDebitDebugging: false,
        enableDateOverriding: true,
        enableAutomatedBillingDebugging: false,
        enableExternalPaymentsDebugging: false,
      },
      publicKeys: { cardProvider: null, googleClientId: 'bills-client' },
    });
    const withoutGoogle = await createApp({ db: api.db.knex, boss: api.boss, config: loadConfig({}), serveFrontends: false });
    expect((await request(withoutGoogle.express).get('/api/v2/config')).body.backofficeLoginStrategies).toEqual(['password']);
    await withoutGoogle.stop();
    expect(JSON.stringify(res.body)).not.toMatch(/SmtpS3cret|TwilioT0ken|AC0123456789|mail\.example\.test|GoogleS3cret/);
  });
});

describe('POST /api/v2/log', () => {
  it('stores the message and options as a system log with every password masked', async () => {
    const res = await request(api.app.express)
      .post('/api/v2/log')
      .send({ message: 'Sign-in form crashed', severity: 'ERROR', options: { email: 'a@b.test', password: 'Hunter22', form: { newPassword: 'Xy12345', step: 2 } } })
      .expect(201);
    const row = await api.db.knex('system_logs').where({ id: res.body.id }).first();
    expect(row).toMatchObject({ severity: 'ERROR', message: 'Sign-in form crashed', source: 'client' });
    expect(row.options).toEqual({ email: 'a@b.test', password: '********', form: { newPassword: '********', step: 2 } });
  });

  it('refuses a log without a message, naming the field and the rule, and stores nothing', async () => {
    const before = await api.db.knex('system_logs').count({ n: '*' }).first();
    const res = await request(api.app.express).post('/api/v2/log').send({ options: {}, severity: 'LOUD' }).expect(400);
    expect(res.body.error.code).toBe('BAD_USER_INPUT');
    expect(res.body.error.fields).toEqual([
      { field: 'message', rule: 'required', message: 'is required and must be text' },
      { field: 'severity', rule: 'oneOf', message: 'must be one of INFO, WARNING, ERROR, CRITICAL_ERROR' },
    ]);
    expect(await api.db.knex('system_logs').count({ n: '*' }).first()).toEqual(before);
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await request(api.app.express).post('/api/v2/log').set('content-type', 'application/json').send('{"message": ').expect(400);
    expect(res.body.error.code).toBe('BAD_USER_INPUT');
  });
});

describe('routes', () => {
  it('answers unknown API routes with a JSON 404', async () => {
    const res = await request(api.app.express).get('/api/v2/no-such-thing').expect(404);
    expect(res.body.error).toEqual({ code: 'NOT_FOUND', message: 'No API route GET /api/v2/no-such-thing', requestId: res.headers['x-request-id'] });
  });

  it('reports database and job queue health', async () => {
    const res = await request(api.app.express).get('/healthz').expect(200);
    expect(res.body).toEqual({ status: 'ok', checks: { database: 'ok', jobQueue: 'ok' } });
  });
});
