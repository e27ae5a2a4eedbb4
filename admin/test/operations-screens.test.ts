import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { createTestDatabase, useProductInBrowser, type TestDatabase } from '@app/api/testing';
import { GOLDEN_HOUSE, MARCH_2026, buildBillHouse } from '../../api/src/modules/billing/billing-test-data';
import { generateHouseStatement } from '../../api/src/modules/billing/house-statement.service';
import { seriousViolations, waitUntil } from '../../site/test/site-support';
import { signInToBackOffice } from './sign-in-helpers';

/*
 * The operations screens of issue 21 in the back office: importing a file of records (the job's progress, the
 * counts, the invalid rows file), voiding bills from a file (a result per row), the batch update of selected
 * house contracts (one refused, one saved, each with its result), a tenant's documents, and the System area's
 * operator panels. Each at 375 and 1440 px: no serious axe violation, no enum codes, nothing wider than the window.
 */

let db: TestDatabase;
let houseBillId: number;
let current: { id: number; sign_up_date: string; end_date: string };
let other: { id: number; sign_up_date: string };
let tenantId: number;
const running = useProductInBrowser(async () => {
  db = await createTestDatabase({ withDemoData: true });
  const k = db.knex;
  const house = await buildBillHouse(k, { ...GOLDEN_HOUSE, groupId: 1 });
  const outcome = await k.transaction((trx) => generateHouseStatement(trx, { houseContractId: house.houseContractId, ...MARCH_2026, issueDate: '2026-04-02' }));
  if (outcome.status !== 'BILLED') throw new Error('the test house was not billed');
  houseBillId = outcome.houseBillId;
  // A contract whose services and tenant contracts run exactly with it (the §5 rules hold), and another one.
  current = await k('house_contracts as hc')
    .where('hc.group_id', 1)
    .whereExists(k('tenant_contracts').whereRaw(`house_contract_id = hc.id AND status <> 'CANCELLED'`))
    .orderBy('hc.id')
    .first('hc.id', k.raw(`to_char(hc.sign_up_date, 'YYYY-MM-DD') as sign_up_date`), k.raw(`to_char(hc.end_date, 'YYYY-MM-DD') as end_date`));
  await k('tariff_assignments').whereIn('service_id', k('services').where({ house_contract_id: current.id }).select('id')).delete();
  await k('services').where({ house_contract_id: current.id }).update({ start_date: current.sign_up_date, end_date: current.end_date });
  await k('tenant_contracts').where({ house_contract_id: current.id }).update({ start_date: current.sign_up_date, end_date: current.end_date });
  other = await k('house_contracts').where({ group_id: 1 }).whereNot({ id: current.id }).orderBy('id').first('id', k.raw(`to_char(sign_up_date, 'YYYY-MM-DD') as sign_up_date`));
  tenantId = (await k('tenant_contracts').where({ group_id: 1 }).first('user_id')).user_id;
  return { databaseUrl: db.url };
});
afterAll(() => db?.drop());

/** A 1×1 PNG, as a logo file is. */
const ONE_PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const DEVELOPER_TEXT = /\b[A-Z]{2,}(?:_[A-Z0-9]+)+\b/g;

async function check(page: Page, name: string, width: number, within?: string): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await waitUntil(page, "!document.querySelector('[role=progressbar]:not([aria-valuenow])')").catch(() => undefined);
  await page.screenshot({ path: `.data/screenshots/ops-${name}-${width}.png`, fullPage: true });
  expect([name, await seriousViolations(page, within)]).toEqual([name, []]);
  expect([name, (await page.locator(within ?? 'main').first().innerText()).match(DEVELOPER_TEXT) ?? []]).toEqual([name, []]);
  expect([name, await page.evaluate('document.documentElement.scrollWidth')]).toEqual([name, expect.any(Number)]);
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
}

async function staffPage(width: number, landing: string): Promise<Page> {
  const page = await (await running.browser().newContext({ locale: 'en-GB', timezoneId: 'Europe/London', viewport: { width, height: 900 }, acceptDownloads: true })).newPage();
  await signInToBackOffice(page, running.product().baseUrl, 'staff@demo.test', landing);
  return page;
}

it('imports a file of tenants, shows the counts and downloads the invalid rows file with each reason', async () => {
  const page = await staffPage(1440, '/admin/1/Upload');
  await page.getByTestId('import-file').click();
  const dialog = page.getByRole('dialog', { name: 'Import a file' });
  await dialog.getByLabel('The file holds').click();
  await page.getByRole('option', { name: 'Tenants' }).click();
  await dialog.getByLabel('Choose a CSV or XLSX').setInputFiles({ name: 'new-tenants.csv', mimeType: 'text/csv', buffer: Buffer.from('email,first name,last name\nrosa.ng@import.test,Rosa,Ng\nnot-an-email,Sam,Tran\n') });
  await check(page, 'import-dialog', 1440, '[role=dialog]');
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await dialog.getByText('1 imported, 1 rejected: download the invalid rows file for the reason of each').waitFor({ timeout: 30_000 });
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download the invalid rows file' }).click();
  const file = await (await download).path();
  const text = fs.readFileSync(file!, 'utf8');
  expect(text).toContain('not-an-email,Sam,Tran,');
  expect(text.split('\n')[0]).toBe('email,first name,last name,reason\r');
  expect(await db.knex('users').where({ email: 'rosa.ng@import.test' }).first('role')).toEqual({ role: 'front' });
  await check(page, 'import-done', 1440, '[role=dialog]');
  await page.context().close();
});

it('voids the bills a file lists and says per row what happened', async () => {
  const page = await staffPage(375, '/admin/1/Upload');
  await page.getByTestId('void-bills').click();
  const dialog = page.getByRole('dialog', { name: 'Void bills from a file' });
  await dialog.getByLabel('Choose a CSV or XLSX').setInputFiles({ name: 'void.csv', mimeType: 'text/csv', buffer: Buffer.from(`bill,reason\n${houseBillId},Meter exchanged\n999999,Typo\n`) });
  await dialog.getByRole('button', { name: 'Void the bills' }).click();
  await dialog.getByText('1 voided, 1 refused').waitFor();
  await dialog.getByText(/^Voided \d statements$/).waitFor();
  await dialog.getByText('Refused: Bill void error: There is no such bill in this group').waitFor();
  await check(page, 'void-bills', 375, '[role=dialog]');
  expect(await db.knex('bills').where({ id: houseBillId }).first('state', 'void_reason')).toEqual({ state: 'VOID', void_reason: 'Meter exchanged' });
  await page.context().close();
});

it('changes the selected house contracts in one batch, with the result of each', async () => {
  const page = await staffPage(1440, '/admin/1/HouseContract');
  await page.goto(`${running.product().baseUrl}/admin/1/HouseContract?filter=${encodeURIComponent(JSON.stringify({ ids: [current.id, other.id] }))}`);
  await page.locator('table tbody tr').nth(1).waitFor();
  await page.getByRole('checkbox', { name: 'Select all' }).check();
  await page.getByTestId('batch-update').click();
  await page.getByTestId(`batch-contract-${current.id}`).waitFor();
  const newEnd = new Date(Date.parse(`${current.end_date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('New end date').fill(newEnd);
  await page.getByRole('button', { name: 'Apply to the 2 contracts below' }).click();
  // The other contract, edited alone: an end before its start, which the batch rules refuse.
  const otherPanel = page.getByTestId(`batch-contract-${other.id}`);
  await otherPanel.getByRole('button').first().click();
  await otherPanel.getByLabel('Contract end').fill(new Date(Date.parse(`${other.sign_up_date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10));
  await otherPanel.getByRole('button').first().click();
  const currentPanel = page.getByTestId(`batch-contract-${current.id}`);
  await currentPanel.getByRole('button').first().click();
  await currentPanel.getByLabel('Contract end').waitFor();
  expect(await currentPanel.getByLabel('Contract end').inputValue()).toBe(newEnd);
  await check(page, 'batch-edit', 1440);
  await page.getByTestId('batch-save').click();
  await page.getByText('1 saved, 1 refused').waitFor();
  await page.getByTestId(`batch-contract-${current.id}`).getByText('Saved').waitFor();
  await page.getByTestId(`batch-contract-${other.id}`).getByRole('alert').getByText(/after/).waitFor();
  await check(page, 'batch-results', 1440);
  const saved = await db.knex('house_contracts').where({ id: current.id }).first(db.knex.raw(`to_char(end_date, 'YYYY-MM-DD') as end_date`));
  expect(saved.end_date).toBe(newEnd);
  expect(await db.knex('house_contracts').where({ id: other.id }).first(db.knex.raw(`to_char(sign_up_date, 'YYYY-MM-DD') as sign_up_date`))).toEqual({ sign_up_date: other.sign_up_date });
  const tenants = await db.knex('tenant_contracts').where({ house_contract_id: current.id }).select(db.knex.raw(`to_char(end_date, 'YYYY-MM-DD') as end_date`));
  expect(tenants.every((tenant: { end_date: string }) => tenant.end_date === newEnd)).toBe(true);
  await page.setViewportSize({ width: 375, height: 900 });
  await check(page, 'batch-results', 375);
  await page.context().close();
});

it("adds a proof of address to a tenant and lists it on the tenant's page", async () => {
  const page = await staffPage(375, `/admin/1/Tenant/${tenantId}/show`);
  await page.getByRole('heading', { name: 'Tenancy agreements and proofs of address' }).waitFor();
  await page.getByLabel('Kind of document').click();
  await page.getByRole('option', { name: 'Proof of address' }).click();
  await page.getByLabel('Choose a file').setInputFiles({ name: 'council-tax.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
  await page.getByTestId('add-attachment-tenant').click();
  await page.getByRole('button', { name: 'council-tax.pdf' }).waitFor();
  await check(page, 'tenant-documents', 375);
  expect(await db.knex('uploads').where({ tenant_id: tenantId }).select('resource_type')).toEqual([{ resource_type: 'PROOF_OF_ADDRESS' }]);
  await page.context().close();
});

describe.each([1440, 375])('the System area at %i px', (width) => {
  it('shows the processes, schedules, automated billing, renders and brand, and saves the brand', async () => {
    const page = await staffPage(width, '/admin/1/status');
    await page.getByRole('heading', { name: 'Processes' }).waitFor();
    await page.getByRole('table', { name: 'Processes' }).getByText('API').first().waitFor();
    await page.getByText(/schedules? running|No schedule running/).waitFor();
    await page.getByText('No document is being rendered').waitFor();
    await page.getByRole('heading', { name: 'External services' }).waitFor();
    await page.getByLabel('Name shown to customers').waitFor();
    await check(page, 'system', width);
    if (width === 1440) {
      await page.getByTestId('trigger-billing').click();
      await page.getByRole('dialog', { name: 'Run automated billing now?' }).getByRole('button', { name: 'Run now' }).click();
      await page.getByRole('status').filter({ hasText: /Automated billing is switched off|No group has automated billing on|Group|Bills/ }).first().waitFor();
      await page.getByLabel('Name shown to customers').fill('Bills for Students');
      await page.getByLabel('Primary colour').fill('#0a7f5a');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Successfully saved').waitFor();
      expect(await db.knex('entity_configurations').where({ group_id: 1 }).first('display_name', 'primary_colour')).toEqual({ display_name: 'Bills for Students', primary_colour: '#0a7f5a' });
      expect(await db.knex('audit_log').where({ entity: 'operator.trigger_billing' }).count({ n: '*' })).toEqual([{ n: 1 }]);
      // The logo the statements draw: chosen, uploaded, shown, removed.
      await page.getByText("No logo: statements draw the brand's mark instead.").waitFor();
      await page.getByLabel('Choose a logo').setInputFiles({ name: 'logo.webp', mimeType: 'image/webp', buffer: Buffer.from('RIFF') });
      await page.getByText('The file must be one of: PNG, JPEG').waitFor();
      await page.getByLabel('Choose a logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
      await page.getByRole('button', { name: 'Upload logo' }).click();
      await page.getByText('Logo saved').waitFor();
      const logo = page.getByRole('img', { name: "The brand's logo" });
      await logo.waitFor();
      await waitUntil(page, `[...document.images].some((image) => image.alt === "The brand's logo" && image.complete && image.naturalWidth === 1)`);
      expect(await db.knex('entity_configurations as e').join('uploads as u', 'u.id', 'e.logo_upload_id').where('e.group_id', 1).first('u.file_name')).toEqual({ file_name: 'logo.png' });
      await check(page, 'system-logo', width);
      // The back office wears it in its top bar from the next visit.
      await page.reload();
      await waitUntil(page, `[...document.querySelectorAll('header img')].some((image) => image.src.includes('/api/v2/brand/1/logo?v=') && image.complete && image.naturalWidth === 1)`);
      await page.getByRole('button', { name: 'Remove logo' }).click();
      await page.getByText("No logo: statements draw the brand's mark instead.").waitFor();
      expect(await db.knex('entity_configurations').where({ group_id: 1 }).first('logo_upload_id')).toEqual({ logo_upload_id: null });
    }
    await page.context().close();
  });
});
