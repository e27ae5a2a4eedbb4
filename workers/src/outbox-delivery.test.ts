import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  deliverOutboxMessage,
  queueEmail,
  queueSms,
  SandboxSmsAdapter,
  SmtpEmailAdapter,
  type DeliveryAdapters,
} from '@app/api';
import { createTestDatabase, startSmtpReceiver, waitFor, type TestDatabase } from '@app/api/testing';
import { HANDLERS } from './queues';
import { startWorkers, type RunningWorkers } from './start-workers';

let db: TestDatabase;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let workers: RunningWorkers;
let adapters: DeliveryAdapters;
const smsFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'sms-'));

beforeAll(async () => {
  db = await createTestDatabase();
  smtp = await startSmtpReceiver();
  adapters = {
    email: new SmtpEmailAdapter(smtp.url, 'Shared House Bills <hello@bills.test>'),
    sms: new SandboxSmsAdapter(smsFolder, 'HouseBills'),
  };
  workers = await startWorkers(db.url, { db: db.knex, adapters }, { handlers: HANDLERS as never, schedules: [], pollingIntervalSeconds: 0.5 });
});

afterAll(async () => {
  await workers.stop();
  await smtp.stop();
  await db.drop();
});

const outboxRow = (id: number) => db.knex('outbox_messages').where({ id }).first();

it('delivers an e-mail over SMTP with the right headers and body, exactly once even when its job runs twice', async () => {
  const id = await db.knex.transaction((trx) =>
    queueEmail(trx, workers.boss, {
      to: 'alex.tenant@example.test',
      subject: 'Your first monthly share',
      text: 'Hello Alex,\nYour share of £45.50 is due on 01/12/2026.',
    }),
  );
  // A duplicated job for the same message, as an at-least-once queue may deliver.
  await workers.boss.send('outbox.deliver', { messageId: id });

  await waitFor('the e-mail to be sent', async () => (await outboxRow(id))?.status === 'SENT');
  await waitFor('both jobs to finish', async () => {
    const jobs = await workers.boss.findJobs('outbox.deliver', { data: { messageId: id } });
    return jobs.length === 2 && jobs.every((job) => job.state === 'completed');
  });

  expect(smtp.messages).toHaveLength(1);
  const [mail] = smtp.messages;
  expect(mail!.envelopeTo).toEqual(['alex.tenant@example.test']);
  expect(mail!.headers).toMatchObject({
    from: 'Shared House Bills <hello@bills.test>',
    to: 'alex.tenant@example.test',
    subject: 'Your first monthly share',
    'message-id': `<outbox-${id}@bills.test>`,
  });
  expect(mail!.body).toContain('Your share of £45.50 is due on 01/12/2026.');
  expect(await outboxRow(id)).toMatchObject({ status: 'SENT', attempts: 1, adapter: expect.stringMatching(/^smtp:\/\/127\.0\.0\.1:/) });
});

it("sends a group's e-mail as its brand: the brand's name as sender, its colour and signature on the same words", async () => {
  await db.knex('entity_configurations').insert({ group_id: 1, display_name: 'Leeds Student Bills', primary_colour: '#ffc843', support_email: 'help@leeds.test' });
  const before = smtp.messages.length;
  const id = await db.knex.transaction((trx) =>
    queueEmail(trx, workers.boss, { to: 'jo@example.test', subject: 'Your Direct Debit is set up', text: 'Hello Jo,\n\nSee https://bills.test/tenant-profile today.', groupId: 1 }),
  );
  await waitFor('the branded e-mail to be sent', async () => (await outboxRow(id))?.status === 'SENT');
  const mail = smtp.messages[before]!;
  expect(mail.headers.from).toBe('Leeds Student Bills <hello@bills.test>');
  expect(mail.body.replace(/\r\n/g, '\n')).toContain('Hello Jo,\n\nSee https://bills.test/tenant-profile today.\n\nLeeds Student Bills\nQuestions? Write to help@leeds.test');
  expect(mail.body).toContain('background:#ffc843');
  expect(mail.body).toContain('<a href="https://bills.test/tenant-profile">');
  // A group with no brand settings signs with its own name; a message of no group stays the product's own.
  const plain = await db.knex.transaction((trx) => queueEmail(trx, workers.boss, { to: 'kim@example.test', subject: 'Hi', text: 'Welcome', groupId: 2 }));
  expect(await outboxRow(plain)).toMatchObject({ group_id: 2, sender_name: 'Shared House Bills', text_body: 'Welcome\n\nShared House Bills' });
  const own = await db.knex.transaction((trx) => queueEmail(trx, workers.boss, { to: 'kim@example.test', subject: 'Hi', text: 'Welcome' }));
  expect(await outboxRow(own)).toMatchObject({ group_id: null, sender_name: null, text_body: 'Welcome', html_body: null });
  await waitFor('both to be sent', async () => (await outboxRow(plain))?.status === 'SENT' && (await outboxRow(own))?.status === 'SENT');
});

it('sends one message when two deliveries of it run at the same moment', async () => {
  const before = smtp.messages.length;
  const id = await db.knex.transaction((trx) => queueEmail(trx, workers.boss, { to: 'sam@example.test', subject: 'Hi', text: 'Welcome' }));
  const outcomes = await Promise.all([
    deliverOutboxMessage(db.knex, adapters, id, { finalAttempt: false }),
    deliverOutboxMessage(db.knex, adapters, id, { finalAttempt: false }),
  ]);
  expect(outcomes.sort()).toEqual(['already-sent', 'sent']);
  await waitFor('the queued job to finish too', async () => (await workers.boss.findJobs('outbox.deliver', { data: { messageId: id } }))[0]?.state === 'completed');
  expect(smtp.messages.length - before).toBe(1);
});

it('never sends a message whose transaction rolled back, and enqueues no job for it', async () => {
  const marker = 'rolled-back@example.test';
  await expect(
    db.knex.transaction(async (trx) => {
      await queueEmail(trx, workers.boss, { to: marker, subject: 'Never', text: 'This change is abandoned' });
      throw new Error('business rule failed after the e-mail was queued');
    }),
  ).rejects.toThrow('business rule failed');
  const committed = await db.knex.transaction((trx) => queueEmail(trx, workers.boss, { to: 'kept@example.test', subject: 'Kept', text: 'Kept' }));
  await waitFor('the committed e-mail', async () => (await outboxRow(committed))?.status === 'SENT');

  expect(await db.knex('outbox_messages').where({ recipient: marker })).toHaveLength(0);
  const jobs = await workers.boss.findJobs<{ messageId: number }>('outbox.deliver');
  const known = new Set((await db.knex('outbox_messages').select('id')).map((row: { id: number }) => row.id));
  expect(jobs.every((job) => known.has(job.data.messageId))).toBe(true);
  expect(smtp.messages.some((mail) => mail.envelopeTo.includes(marker))).toBe(false);
});

it('records an SMS in the sandbox, and refuses a number Twilio would refuse', async () => {
  const good = await db.knex.transaction((trx) => queueSms(trx, workers.boss, { to: '+447700900123', text: 'Your payment failed. Please update your card.' }));
  await waitFor('the SMS', async () => (await outboxRow(good))?.status === 'SENT');
  const recorded = JSON.parse(fs.readFileSync(path.join(smsFolder, `${good}.json`), 'utf8'));
  expect(recorded).toMatchObject({ to: '+447700900123', body: 'Your payment failed. Please update your card.' });

  const bad = await db.knex.transaction((trx) => queueSms(trx, workers.boss, { to: '07700 900123', text: 'Hello' }));
  await waitFor('the failed attempt to be recorded', async () => (await outboxRow(bad))?.attempts >= 1);
  expect(await outboxRow(bad)).toMatchObject({ status: 'PENDING', last_error: expect.stringContaining("Invalid 'To' phone number") });
});

it('refuses an e-mail without a valid address, naming the field', async () => {
  await expect(db.knex.transaction((trx) => queueEmail(trx, workers.boss, { to: 'not-an-address', subject: 'x', text: 'y' }))).rejects.toMatchObject({
    code: 'BAD_USER_INPUT',
    details: { fields: [{ field: 'to', rule: 'email', message: 'must be a valid e-mail address' }] },
  });
});
