import { useProductInBrowser, waitFor } from '@app/api/testing';
import { signInToBackOffice } from './sign-in-helpers';

const running = useProductInBrowser();

it('shows the queues with counts, runs a scheduled job now and shows the job', async () => {
  const page = await (await running.browser().newContext()).newPage();
  const { baseUrl } = running.product();
  await signInToBackOffice(page, baseUrl, 'staff@demo.test', '/admin/1/JobQueue');
  await page.getByRole('cell', { name: 'outbox.deliver', exact: true }).waitFor();
  await page.getByRole('cell', { name: 'outbox.sweep', exact: true }).waitFor();
  await page.getByRole('columnheader', { name: 'Backlog' }).waitFor();
  await page.getByTestId('throughput-chart').waitFor();

  await page.goto(`${baseUrl}/admin/1/JobSchedule`);
  await page.getByRole('cell', { name: '*/10 * * * *' }).waitFor();
  await page.getByRole('row', { name: /outbox\.sweep/ }).getByRole('button', { name: 'Run now' }).click();
  await page.getByText('1 job affected').waitFor();

  await page.goto(`${baseUrl}/admin/1/Job?filter=${encodeURIComponent(JSON.stringify({ queue: 'outbox.sweep' }))}`);
  // The workers beside the product may already have run it: any state will do, as long as the job is there.
  await waitFor('a job of outbox.sweep in the list', async () => (await page.getByRole('cell', { name: 'outbox.sweep', exact: true }).count()) > 0, 15000);
});
