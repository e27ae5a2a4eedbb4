import net from 'node:net';
import { enqueue, startBoss } from '@app/api';
import { freePort, startSmtpReceiver, useProductInBrowser, waitFor } from '@app/api/testing';
import { createKnex, type Knex } from '@app/db';
import { signInToBackOffice } from './sign-in-helpers';

/**
 * Issue 7: a job made to fail is visible with its error in the console, retried from there, and completes.
 * The product sends mail to an SMTP port where nothing listens, so an `outbox.deliver` job really fails
 * (connection refused); with retryLimit 0 it lands `failed`. Then a real SMTP server answers on that port
 * and Retry in the console delivers the message.
 */
let smtpPort: number;
let pgPort: number;
const running = useProductInBrowser(async () => {
  [smtpPort, pgPort] = await Promise.all([freePort(), freePort()]);
  return { pgPort, env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` } };
});

let knex: Knex | undefined;
let boss: Awaited<ReturnType<typeof startBoss>> | undefined;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>> | undefined;
let relay: net.Server | undefined;

afterAll(async () => {
  await boss?.stop({ graceful: false, close: true }).catch(() => undefined);
  await knex?.destroy();
  await new Promise((resolve) => (relay ? relay.close(resolve) : resolve(undefined)));
  await smtp?.stop();
});

/** From now on the SMTP port answers: connections are relayed to a real SMTP receiver. */
async function openSmtpPort(): Promise<NonNullable<typeof smtp>> {
  const receiver = await startSmtpReceiver();
  const target = new URL(receiver.url);
  relay = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    client.pipe(upstream).pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => relay!.listen(smtpPort, '127.0.0.1', () => resolve()));
  return receiver;
}

it('shows a failed job with its error, retries it from the console, and it completes', async () => {
  const { baseUrl } = running.product();
  const databaseUrl = `postgres://postgres:postgres@127.0.0.1:${pgPort}/bills`;
  knex = createKnex(databaseUrl, { poolMax: 2 });
  boss = await startBoss(databaseUrl, 'sender');

  // An e-mail in the outbox and its delivery job, with no retries: the first failure is final.
  const recipient = `retry.${Date.now()}@example.test`;
  const { messageId, jobId } = await knex.transaction(async (trx) => {
    const [row] = await trx('outbox_messages')
      .insert({ channel: 'EMAIL', recipient, subject: 'Your statement is ready', text_body: 'Hello, your statement is ready.', html_body: null })
      .returning('id');
    const id = Number((row as { id: number }).id);
    return { messageId: id, jobId: (await enqueue(boss!, trx, 'outbox.deliver', { messageId: id }, { retryLimit: 0 }))! };
  });
  const outboxRow = () => knex!('outbox_messages').where({ id: messageId }).first();
  await waitFor('the delivery to fail (nothing listens on the SMTP port)', async () => (await outboxRow())?.status === 'FAILED', 30000);

  // The console lists it as failed, with the error.
  const page = await (await running.browser().newContext({ locale: 'en-GB', timezoneId: 'Europe/London' })).newPage();
  const failedJobs = `/admin/1/Job?filter=${encodeURIComponent(JSON.stringify({ queue: 'outbox.deliver', state: 'failed' }))}`;
  await signInToBackOffice(page, baseUrl, 'staff@demo.test', failedJobs);
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: jobId, exact: true }) });
  await row.waitFor({ timeout: 30000 });
  expect(await row.locator('td.column-state').innerText()).toBe('failed');
  expect(await row.locator('td.column-errorMessage').innerText()).toContain(`ECONNREFUSED 127.0.0.1:${smtpPort}`);

  // Its page says the same; Retry is offered.
  await row.getByRole('cell', { name: jobId, exact: true }).click();
  await page.waitForURL(`${baseUrl}/admin/1/Job/${jobId}/show`);
  const field = (source: string) => page.locator(`.ra-field-${source}`).last();
  await field('state').getByText('failed', { exact: true }).waitFor();
  await field('errorMessage').getByText(`ECONNREFUSED 127.0.0.1:${smtpPort}`, { exact: false }).waitFor();
  expect(await field('retryLimit').innerText()).toContain('0');

  // The SMTP server is back; Retry from the console.
  smtp = await openSmtpPort();
  await page.getByRole('button', { name: 'Retry' }).click();
  await page.getByText('1 job affected').waitFor();

  // The job completes (the page refreshes itself), the message is sent, exactly once.
  await field('state').getByText('completed', { exact: true }).waitFor({ timeout: 30000 });
  expect(await outboxRow()).toMatchObject({ status: 'SENT', last_error: null, attempts: 2 });
  await waitFor('the e-mail at the SMTP server', () => smtp!.messages.some((mail) => mail.envelopeTo.includes(recipient)));
  expect(smtp.messages.filter((mail) => mail.envelopeTo.includes(recipient))).toHaveLength(1);
});
