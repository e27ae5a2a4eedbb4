import type { Page } from 'playwright-core';
import { addDays, londonDate } from '@app/api/rules';
import { createTestDatabase, createTestDebtor, useProductInBrowser, type TestDatabase } from '@app/api/testing';
import { seriousViolations, waitUntil } from '../../site/test/site-support';
import { signInToBackOffice } from './sign-in-helpers';

/*
 * The credit-control board: a group-2 debtor's case in the Engagement column, in words and pounds; staff drag it
 * to another column (at 1440 px) or pick the stage from its "Move to" list (at 375 px, where dragging is no use); the
 * case moves on the server, audited, and its timeline says who moved it. Checked with axe, nothing wider than
 * the window.
 */

let db: TestDatabase;
const running = useProductInBrowser(async () => {
  db = await createTestDatabase({ withDemoData: true });
  return { databaseUrl: db.url };
});
afterAll(() => db?.drop());

async function newPage(width: number): Promise<Page> {
  return (await running.browser().newContext({ locale: 'en-GB', timezoneId: 'Europe/London', viewport: { width, height: 900 } })).newPage();
}

it.each([1440, 375])('moves a case to another stage on the board (%i px)', async (width) => {
  const base = running.product().baseUrl;
  const debtor = await createTestDebtor(db.knex, { groupId: 2, since: addDays(londonDate(new Date()), -12), owedPence: 8_000 });
  const [record] = await db.knex('credit_control_records').insert({ group_id: 2, tenant_contract_id: debtor.contractId, stage: 'ENGAGEMENT', status: 'NO_RESPONSE_YET' }).returning('id');
  const page = await newPage(width);
  await signInToBackOffice(page, base, 'staff@demo.test', '/admin/2/credit-control/board');
  const board = page.getByTestId('credit-control-board');
  const card = board.locator(`[data-case="${record.id}"]`);
  await card.waitFor();
  expect(await card.locator('xpath=ancestor::section').getAttribute('aria-label')).toBe('Engagement');
  await card.getByText('£80.00').waitFor();
  await card.getByText('12 days overdue', { exact: false }).waitFor();
  await waitUntil(page, "!document.querySelector('[role=progressbar]')");
  expect(await page.evaluate('[document.documentElement.scrollWidth, window.innerWidth]')).toEqual([width, width]);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `.data/screenshots/credit-control-board-${width}.png`, fullPage: width === 375 });

  // Wide: dragged to a column in view. Narrow: picked from the card's list (a phone cannot drag).
  const [stage, label] = width === 1440 ? ['WARRANT', 'Warrant'] : ['LEGAL', 'Legal'];
  if (width === 1440) await card.dragTo(board.locator(`section[aria-label="${label}"]`));
  else await card.getByLabel(`Move ${debtor.firstName} Tenant to`).selectOption(stage);
  await page.getByText(`Moved ${debtor.firstName} Tenant to ${label}; the tenant was e-mailed`).waitFor();
  await board.locator(`section[aria-label="${label}"] [data-case="${record.id}"]`).waitFor();
  expect(await db.knex('credit_control_records').where({ id: record.id }).first('stage')).toEqual({ stage });

  // The case's timeline says who moved it.
  await page.goto(`${base}/admin/2/CreditControlRecord/${record.id}/show/timeline`);
  await page.getByTestId('case-timeline').getByText(`Stage: Engagement → ${label}`).waitFor();
  await page.getByTestId('case-timeline').getByText(/Freya Evans/).first().waitFor();
  expect(await page.evaluate('[document.documentElement.scrollWidth, window.innerWidth]')).toEqual([width, width]);
  expect(await seriousViolations(page)).toEqual([]);
});

it.each([1440, 375])('edits a text message template: the length rule as staff type, a preview with a real tenant, a test send (%i px)', async (width) => {
  const base = running.product().baseUrl;
  const debtor = await createTestDebtor(db.knex, { groupId: 2, since: addDays(londonDate(new Date()), -3), owedPence: 2_550 });
  const template: { id: number } = await db.knex('message_templates').where({ step: 'FAILED_PAYMENT', channel: 'SMS' }).first('id');
  const page = await newPage(width);
  await signInToBackOffice(page, base, 'staff@demo.test', `/admin/2/MessageTemplate/${template.id}`);
  const body = page.getByRole('textbox', { name: 'Body' });
  await body.fill('Hi {{firstName}}, you owe {{amount}}. Dziękujemy');
  const panel = page.getByTestId('template-preview');
  await panel.getByText('48 of 737 characters (characters outside the GSM basic set)').waitFor();
  await panel.getByRole('textbox', { name: 'Tenant contract ID' }).fill(String(debtor.contractId));
  await panel.getByText(`Hi ${debtor.firstName}, you owe £25.50. Dziękujemy`).waitFor();
  await waitUntil(page, "!document.querySelector('[role=progressbar]')");
  expect(await page.evaluate('[document.documentElement.scrollWidth, window.innerWidth]')).toEqual([width, width]);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `.data/screenshots/message-template-${width}.png`, fullPage: true });

  await panel.getByRole('button', { name: 'Send a test to me' }).click();
  await page.getByText('Test sent to staff@demo.test').waitFor();
  expect(await db.knex('outbox_messages').where({ recipient: 'staff@demo.test', subject: '[Test] Text message' }).whereLike('text_body', `%Hi ${debtor.firstName}, you owe £25.50.%`).count({ n: '*' })).toEqual([{ n: 1 }]);

  await body.fill('ł'.repeat(738));
  await panel.getByText('Text message cannot be longer than 737 characters when it uses characters outside the basic GSM set').waitFor();
});
