import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, waitFor, type TestDatabase } from '@app/api/testing';
import { GOLDEN_HOUSE, MARCH_2026, buildBillHouse } from '../../api/src/modules/billing/billing-test-data';
import { generateHouseStatement } from '../../api/src/modules/billing/house-statement.service';
import { enqueueStatementEmails, sendHouseStatementEmails, sendStatementEmail, statementEmailSubject } from '../../api/src/modules/billing/pdf/statement-email.service';
import { FileEmailAdapter } from '../../api/src/modules/outbox/adapters/file-email.adapter';
import { queueEmail } from '../../api/src/modules/outbox/queue-message.service';
import { HANDLERS } from './queues';
import { startWorkers, type RunningWorkers } from './start-workers';

/*
 * Statement e-mails through the real queue: one `billing.statement-email` job for the house statements issued
 * together writes an outbox e-mail per tenant statement with its PDF attached; `outbox.deliver` sends it (here as .eml files).
 */

let db: TestDatabase;
let workers: RunningWorkers;
let mailDir: string;
let houseBillId: number;
let tenantBillIds: number[];

beforeAll(async () => {
  db = await createTestDatabase();
  mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'statement-mail-'));
  const adapters = { email: new FileEmailAdapter(mailDir, 'Bills <bills@example.test>'), sms: { name: 'none', send: () => Promise.reject(new Error('no SMS here')) } };
  workers = await startWorkers(db.url, { db: db.knex, adapters }, { handlers: HANDLERS as never, schedules: [], pollingIntervalSeconds: 0.5 });
  const house = await buildBillHouse(db.knex, GOLDEN_HOUSE);
  const outcome = await db.knex.transaction((trx) => generateHouseStatement(trx, { houseContractId: house.houseContractId, ...MARCH_2026, issueDate: '2026-04-02' }));
  if (outcome.status !== 'BILLED') throw new Error(`not billed: ${JSON.stringify(outcome)}`);
  houseBillId = outcome.houseBillId;
  tenantBillIds = outcome.tenantBillIds;
});

afterAll(async () => {
  await workers.stop();
  await db.drop();
  fs.rmSync(mailDir, { recursive: true, force: true });
});

const messagesFor = (subject: string) => db.knex('outbox_messages').where({ subject }).orderBy('id');

it('e-mails each tenant statement once, with its PDF attached, through the outbox', async () => {
  expect(await db.knex.transaction((trx) => enqueueStatementEmails(workers.boss, trx, houseBillId))).toBe(2);
  // A second call (a retried house job) asks for no second job while the first is queued or running.
  await db.knex.transaction((trx) => enqueueStatementEmails(workers.boss, trx, houseBillId));
  expect(await workers.boss.findJobs('billing.statement-email', { data: { houseBillIds: [houseBillId] } })).toHaveLength(1);

  const subject = statementEmailSubject(tenantBillIds[0]!, 'Bills for Students');
  const [sent] = await waitFor('the first statement e-mail to be sent', async () => {
    const rows = await messagesFor(subject);
    return rows.length && rows.every((row) => row.status === 'SENT') ? rows : undefined;
  });
  expect(sent).toMatchObject({ channel: 'EMAIL', recipient: expect.stringMatching(/^tenant.*-0@billing\.test$/), status: 'SENT' });
  await waitFor('the second statement e-mail to be sent', async () => (await messagesFor(statementEmailSubject(tenantBillIds[1]!, 'Bills for Students'))).some((row) => row.status === 'SENT'));

  const eml = fs.readFileSync(path.join(mailDir, `${sent.id}.eml`), 'utf8');
  expect(eml).toContain(`Subject: ${subject}`);
  expect(eml).toContain('Amount due: =C2=A3107.79, by 16/04/2026.');
  expect(eml).toMatch(new RegExp(`Content-Type: application/pdf; name=statement-${tenantBillIds[0]}-2026-03-31\\.pdf`));
  expect(eml).toContain('Content-Disposition: attachment');
  // Base64 of "%PDF-".
  expect(eml).toContain('JVBERi0');
  expect(await db.knex('outbox_attachments').where({ message_id: sent.id }).select('filename', 'content_type')).toEqual([{ filename: `statement-${tenantBillIds[0]}-2026-03-31.pdf`, content_type: 'application/pdf' }]);

  // Running the job again writes nothing more; house statements and void ones are not e-mailed.
  expect(await sendStatementEmail(db.knex, workers.boss, tenantBillIds[0]!)).toMatchObject({ status: 'ALREADY_QUEUED' });
  expect(await sendHouseStatementEmails(db.knex, workers.boss, [houseBillId])).toEqual(tenantBillIds.map((billId) => expect.objectContaining({ billId, status: 'ALREADY_QUEUED' })));
  expect(await sendStatementEmail(db.knex, workers.boss, houseBillId)).toMatchObject({ status: 'SKIPPED' });
  expect(await messagesFor(subject)).toHaveLength(1);
  await db.knex('bills').where({ id: tenantBillIds[1] }).update({ state: 'VOID', voided_at: db.knex.fn.now(), void_reason: 'test' });
  expect(await sendStatementEmail(db.knex, workers.boss, tenantBillIds[1]!)).toMatchObject({ status: 'SKIPPED', reason: 'The statement is VOID' });
});

it('keeps e-mails without attachments as they were', async () => {
  const id = await db.knex.transaction((trx) => queueEmail(trx, workers.boss, { to: 'plain@example.test', subject: 'Plain', text: 'No files' }));
  await waitFor('the plain e-mail to be sent', async () => (await db.knex('outbox_messages').where({ id }).first())?.status === 'SENT');
  const eml = fs.readFileSync(path.join(mailDir, `${id}.eml`), 'utf8');
  expect(eml).not.toContain('multipart/mixed');
  expect(await db.knex('outbox_attachments').where({ message_id: id })).toEqual([]);
});
