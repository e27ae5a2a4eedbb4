import type { Page } from 'playwright-core';
import { createTestDatabase, useProductInBrowser, type TestDatabase } from '@app/api/testing';
import { seriousViolations, waitUntil } from '../../site/test/site-support';
import { signInToBackOffice } from './sign-in-helpers';

/*
 * Issue 21, done means: staff approve readings in bulk from the readings list, and partner staff complete a
 * visit with a photo (on a phone, as in the field): send it for review with what happened, add the photo, then
 * complete it; the workflow's buttons are the moves it allows. Another partner's visit is not theirs to open.
 * Every screen at 375 and 1440 px: no serious axe violation, no enum codes, nothing wider than the window.
 */

let db: TestDatabase;
let visitId: number;
let otherVisitId: number;
let readingIds: number[];
const running = useProductInBrowser(async () => {
  db = await createTestDatabase({ withDemoData: true });
  const knex = db.knex;
  const partner = await knex('users').where({ email: 'partner@demo.test' }).first('partner_id');
  const other = await knex('users').where({ email: 'partner2@demo.test' }).first('partner_id');
  const house = await knex('houses').whereIn('id', knex('house_visits').where({ partner_id: partner.partner_id }).select('house_id')).first('id');
  [{ id: visitId }] = await knex('house_visits').insert({ group_id: 1, house_id: house.id, job_type: 'TAKE_READINGS', status: 'PENDING', scheduled_date: '2026-01-12', partner_id: partner.partner_id, notes: 'Meter cupboard under the stairs' }).returning('id');
  [{ id: otherVisitId }] = await knex('house_visits').insert({ group_id: 1, house_id: house.id, job_type: 'CHECK_DEEMED', status: 'PENDING', scheduled_date: '2026-01-13', partner_id: other.partner_id }).returning('id');
  // Three readings waiting for approval on one meter, the newest first in the list.
  const meter = await knex('meters').where({ group_id: 1, utility_type: 'electric', rate_type: 'SINGLE' }).first('id', 'house_id');
  const rows = await knex('meter_readings')
    .insert(['2025-01-05', '2025-01-06', '2025-01-07'].map((date, i) => ({ group_id: 1, meter_id: meter.id, house_id: meter.house_id, reading_date: date, register: 'SINGLE', value: 90000 + i, source: 'TENANT_PORTAL', type: 'ACTUAL', status: 'PENDING' })))
    .returning('id');
  readingIds = rows.map((row: { id: number }) => row.id);
  return { databaseUrl: db.url };
});
afterAll(() => db?.drop());

/** Codes staff should never read: an enum value such as TAKE_READINGS or ACCESS_GIVEN. */
const DEVELOPER_TEXT = /\b[A-Z]{2,}(?:_[A-Z0-9]+)+\b/g;

async function check(page: Page, name: string, width: number, within?: string): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await waitUntil(page, "!document.querySelector('.MuiLinearProgress-root, [role=progressbar]:not([aria-valuenow])')").catch(() => undefined);
  await page.screenshot({ path: `.data/screenshots/ops-${name}-${width}.png`, fullPage: true });
  expect([name, await seriousViolations(page, within)]).toEqual([name, []]);
  expect([name, (await page.locator(within ?? 'main').first().innerText()).match(DEVELOPER_TEXT) ?? []]).toEqual([name, []]);
  expect([name, await page.evaluate('document.documentElement.scrollWidth')]).toEqual([name, expect.any(Number)]);
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
}

async function signedIn(email: string, width: number, landing: string): Promise<Page> {
  const page = await (await running.browser().newContext({ locale: 'en-GB', timezoneId: 'Europe/London', viewport: { width, height: 900 } })).newPage();
  await signInToBackOffice(page, running.product().baseUrl, email, landing);
  return page;
}

it('approves readings in bulk from the list', async () => {
  const page = await signedIn('staff@demo.test', 1440, '/admin/1/MeterReading');
  const filter = encodeURIComponent(JSON.stringify({ ids: readingIds }));
  await page.goto(`${running.product().baseUrl}/admin/1/MeterReading?filter=${filter}`);
  await page.locator('table tbody tr').nth(2).waitFor();
  await page.getByRole('checkbox', { name: 'Select all' }).check();
  await page.getByTestId('bulk-approved').waitFor();
  // The list and its bulk actions (the saved-filters aside beside it is checked with the catalogue's screens).
  await check(page, 'readings-selected', 1440, '.RaList-main');
  await page.getByTestId('bulk-approved').click();
  await page.getByText('3 approved').waitFor();
  expect((await db.knex('meter_readings').whereIn('id', readingIds).select('status')).map((row: { status: string }) => row.status)).toEqual(['APPROVED', 'APPROVED', 'APPROVED']);
  const audits = await db.knex('audit_log').where({ entity: 'meter_readings', action: 'UPDATE' }).whereIn('entity_id', readingIds.map(String));
  expect(audits).toHaveLength(3);
  await page.context().close();
});

it('lets partner staff complete their visit with a photo, on a phone, one workflow step at a time', async () => {
  const page = await signedIn('partner@demo.test', 375, `/admin/1/HouseVisit/${visitId}/show`);
  await page.getByTestId('visit-to-REVIEW').waitFor();
  // Pending: it can go for review or be cancelled, not be completed yet.
  expect(await page.getByTestId('visit-to-COMPLETE').count()).toBe(0);
  await page.getByText('Take readings').first().waitFor();
  await check(page, 'visit-pending', 375);

  await page.getByTestId('visit-to-REVIEW').click();
  const review = page.getByRole('dialog', { name: /Send for review/ });
  await review.getByLabel('Completion result').click();
  await page.getByRole('option', { name: 'Access given' }).click();
  await review.getByLabel('Notes').fill('Both meters read; photo of the electricity meter.');
  await check(page, 'visit-review-dialog', 375, '[role=dialog]');
  await review.getByRole('button', { name: 'Send for review' }).click();
  await review.waitFor({ state: 'detached' });
  await page.getByTestId('visit-to-COMPLETE').waitFor();

  // The photo: type and size checked before it is sent, then listed with who added it.
  await page.getByLabel('Choose a file').setInputFiles({ name: 'electricity-meter.png', mimeType: 'image/png', buffer: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex') });
  await page.getByTestId('add-attachment-houseVisit').click();
  await page.getByRole('button', { name: 'electricity-meter.png' }).waitFor();
  await page.getByText(/House visit job attachment · 1 KB · Niamh Murphy/).waitFor();
  await check(page, 'visit-review', 375);

  await page.getByTestId('visit-to-COMPLETE').click();
  const complete = page.getByRole('dialog', { name: /Complete/ });
  await complete.getByRole('button', { name: 'Complete' }).click();
  await complete.waitFor({ state: 'detached' });
  await page.getByTestId('visit-to-COMPLETE').waitFor({ state: 'detached' });
  // A completed visit is finished: no more moves, no Edit.
  expect(await page.getByTestId(/^visit-to-/).count()).toBe(0);
  expect(await page.getByRole('link', { name: 'Edit' }).count()).toBe(0);
  await check(page, 'visit-complete', 375);

  const visit = await db.knex('house_visits').where({ id: visitId }).first('status', 'completion_result', 'completed_date');
  expect(visit).toMatchObject({ status: 'COMPLETE', completion_result: 'ACCESS_GIVEN' });
  expect(visit.completed_date).not.toBeNull();
  const photos = await db.knex('uploads').where({ house_visit_id: visitId }).select('resource_type', 'file_name', 'content_type');
  expect(photos).toEqual([{ resource_type: 'HOUSE_VISIT_JOB_ATTACHMENT', file_name: 'electricity-meter.png', content_type: 'image/png' }]);
  const moves = await db.knex('audit_log').where({ entity: 'house_visits', entity_id: String(visitId), action: 'UPDATE' }).orderBy('id').select('after');
  expect(moves.map((row: { after: { status: string } }) => row.after.status)).toEqual(['REVIEW', 'COMPLETE']);
  await page.context().close();
});

it("does not open another partner's visit to partner staff", async () => {
  const page = await signedIn('partner@demo.test', 1440, '/admin/1/HouseVisit');
  await page.goto(`${running.product().baseUrl}/admin/1/HouseVisit/${otherVisitId}/show`);
  // The server answers not found: react-admin says so and goes back to the list of the partner's own visits.
  await page.getByText('Element does not exist').waitFor();
  await page.waitForURL((url) => url.pathname === '/admin/1/HouseVisit');
  await page.screenshot({ path: '.data/screenshots/ops-visit-not-found-1440.png' });
  expect(await page.getByTestId(/^visit-to-/).count()).toBe(0);
  expect(await page.getByText('Check the deemed').count()).toBe(0);
  expect(await db.knex('house_visits').where({ id: otherVisitId }).first('status')).toEqual({ status: 'PENDING' });
  await page.context().close();
});

it('shows staff a visit with its partner by name, at a desktop width', async () => {
  const page = await signedIn('staff@demo.test', 1440, `/admin/1/HouseVisit/${visitId}/show`);
  await page.getByText('Pennine Property Partners').first().waitFor();
  await page.getByRole('button', { name: 'electricity-meter.png' }).waitFor();
  await check(page, 'visit-staff', 1440);
  await page.context().close();
});
