import fs from 'node:fs';
import type { Page, Request } from 'playwright-core';
import { fieldLabel, HOUSE_STATUSES, labelFor, londonDate } from '@app/api/rules';
import { useProductInBrowser, waitFor } from '@app/api/testing';
import { signInToBackOffice } from './sign-in-helpers';

const running = useProductInBrowser();

async function newPage(): Promise<Page> {
  return (await running.browser().newContext({ locale: 'en-GB', timezoneId: 'Europe/London', acceptDownloads: true })).newPage();
}

interface DownloadLink {
  href: string;
  download: string;
  inDocument: boolean;
}

/** Records every `<a download>` the page adds, as it happens (in the page: this file has no DOM types). */
async function watchDownloadLinks(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    const seen = (window.downloadLinks = []);
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        for (const node of mutation.addedNodes) if (node instanceof HTMLAnchorElement && node.hasAttribute('download')) seen.push(node);
      }
    }).observe(document.body, { childList: true, subtree: true });
  })()`);
}

/**
 * Records, as it happens, whether the Export button went disabled and the progress showed while an export ran:
 * a small export is done in a fraction of a second, quicker than a test could look for either afterwards.
 */
async function watchProgress(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    const seen = (window.exportProgress = { disabled: false, progress: false });
    const look = () => {
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Export');
      if (button && button.disabled) seen.disabled = true;
      if (/Exporting… \\d+%/.test(document.body.innerText)) seen.progress = true;
    };
    new MutationObserver(look).observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });
  })()`);
}

const progressSeen = (page: Page) => page.evaluate('window.exportProgress') as Promise<{ disabled: boolean; progress: boolean }>;

/** The links recorded so far: their href, download name, and whether they are still in the page. */
const downloadLinks = (page: Page) =>
  page.evaluate(`window.downloadLinks.map((a) => ({ href: a.getAttribute('href'), download: a.download, inDocument: a.isConnected }))`) as Promise<DownloadLink[]>;

/** A CSV line's fields (RFC 4180 quoting). */
function csvFields(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (quoted && char === '"' && line[i + 1] === '"') {
      field += '"';
      i++;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (char === ',' && !quoted) {
      fields.push(field);
      field = '';
    } else {
      field += char;
    }
  }
  fields.push(field);
  return fields;
}

it('exports the filtered Houses list as CSV: the same rows, downloaded through a link that is then removed', async () => {
  const page = await newPage();
  const { baseUrl } = running.product();
  await signInToBackOffice(page, baseUrl, 'staff@demo.test', '/admin/1/House');
  await page.locator('tbody tr').first().waitFor();

  // Filter by status, the way staff do: the list's Leaving tab.
  const leaving = labelFor('LEAVING', HOUSE_STATUSES);
  await page.getByRole('tablist', { name: fieldLabel('status') }).getByRole('tab', { name: leaving, exact: true }).click();
  await page.waitForURL(/filter=.*LEAVING/);
  await waitFor('only Leaving houses in the list', async () => {
    const statuses = await page.locator('tbody tr td.column-status').allInnerTexts();
    return statuses.length > 0 && statuses.every((status) => status.trim() === leaving);
  });
  const listIds = (await page.locator('tbody tr td.column-id').allInnerTexts()).map((text) => Number(text.replace(/\D/g, '')));
  expect(listIds.length).toBeGreaterThan(0);
  expect(listIds.length).toBeLessThan(25); // one page: the list shows every row the export will hold

  await watchDownloadLinks(page);
  await watchProgress(page);
  const started: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/v2/exports/')) started.push(request);
  });

  const exportButton = page.getByRole('button', { name: 'Export' });
  await exportButton.click();
  const downloading = page.waitForEvent('download', { timeout: 30000 });
  await page.getByRole('menuitem', { name: 'CSV' }).click();
  const download = await downloading;
  // While it ran: the button was disabled and the progress showed.
  expect(await progressSeen(page)).toEqual({ disabled: true, progress: true });

  // The request: the list's resource, filter and sort, a dated file name, the token and the group.
  expect(started).toHaveLength(1);
  const request = started[0]!;
  expect(new URL(request.url()).pathname).toBe('/api/v2/exports/csv');
  const fileName = `houses-${londonDate(new Date())}.csv`;
  expect(request.postDataJSON()).toEqual({ fileName, resource: 'House', filter: { status: 'LEAVING' }, sortField: 'id', sortOrder: 'DESC' });
  const headers = await request.allHeaders();
  expect(headers.authorization).toMatch(/^Bearer \S+$/);
  expect(headers['x-group-id']).toBe('1');

  // The file: named as asked, and exactly the filtered list's rows, in the list's order.
  expect(download.suggestedFilename()).toBe(fileName);
  const csv = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  const [header, ...rows] = csv.split('\r\n').filter((line) => line !== '');
  const columns = csvFields(header!);
  const idColumn = columns.indexOf(fieldLabel('id'));
  const statusColumn = columns.indexOf(fieldLabel('status'));
  expect(idColumn).toBeGreaterThanOrEqual(0);
  expect(rows.map((row) => Number(csvFields(row)[idColumn]))).toEqual(listIds);
  // As the list shows it: the status in words, the agency by name beside its id.
  expect(rows.every((row) => csvFields(row)[statusColumn] === leaving)).toBe(true);
  expect(columns).toEqual(expect.arrayContaining(['Agency', 'Agency ID']));

  // The temporary link: a secure URL with the token as `jwt`, gone from the page after the download.
  const [link, ...others] = await downloadLinks(page);
  expect(others).toEqual([]);
  expect(link!.href).toMatch(/^\/api\/v2\/exports\/[0-9a-f-]{36}\/download\?jwt=[^&]+$/);
  expect(link!.download).toBe(fileName);
  await waitFor('the temporary link to be removed', async () => !(await downloadLinks(page))[0]!.inDocument, 5000);
  expect(await page.locator('a[download]').count()).toBe(0);
  await waitFor('the Export button to be enabled again', () => exportButton.isEnabled());
});

it('says "export error" with the reason when the export fails', async () => {
  const page = await newPage();
  const { baseUrl } = running.product();
  await signInToBackOffice(page, baseUrl, 'staff@demo.test', '/admin/1/House');
  await page.locator('tbody tr').first().waitFor();
  // The job's failure, as GET /exports/:id reports it (a disk that fills up cannot be provoked from here).
  await page.route(/\/api\/v2\/exports\/[0-9a-f-]{36}(\?wait=\d+)?$/, (route) =>
    route.fulfill({ json: { id: new URL(route.request().url()).pathname.split('/').pop(), status: 'FAILED', progress: 0, error: 'export error: ENOSPC: no space left on device', fileName: 'x.xlsx', downloadPath: null } }),
  );
  await page.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: 'Excel (XLSX)' }).click();
  await page.getByText('export error: ENOSPC: no space left on device').waitFor();
  expect(await page.locator('a[download]').count()).toBe(0);
  await waitFor('the Export button to be enabled again', () => page.getByRole('button', { name: 'Export' }).isEnabled());
});
