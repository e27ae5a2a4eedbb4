import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { createQueues } from '../../jobs/create-queues';
import { QUEUES } from '../../jobs/queues';
import { downloadToken, startApiHarness, type ApiHarness } from '../../testing';
import type { ExportProgress } from '../exports';
import { runUsageReport } from './run-usage-report.service';

/*
 * Usage reports as staff use them: the mutation records a USAGE_REPORT upload and queues reports.usage; the job
 * (run here as the worker runs it) streams the CSV with progress; the file downloads through a ?jwt= link
 * for staff with READ on usage reports only.
 */

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'usage-reports-'));
process.env.UPLOADS_DIR = folder;
let api: ApiHarness;
let staff: string;
let partner: string;
let tenant: string;
let agencyId: number;
const GROUP = { 'X-Group-ID': '1' };
const REQUEST = `mutation ($periodStart: String!, $periodEnd: String!, $agencyId: ID) {
  requestUsageReport(periodStart: $periodStart, periodEnd: $periodEnd, agencyId: $agencyId) { id fileName status progress downloadPath }
}`;

/** A house far in the future (no demo contract overlaps it) with a dual electricity meter and a gas meter. */
async function buildFixture() {
  const knex = api.db.knex;
  [{ id: agencyId }] = await knex('agencies').insert({ name: 'Usage Lettings, Leeds' }).returning('id');
  const [house] = await knex('houses').insert({ group_id: 1, agency_id: agencyId, street_name: '12 Hyde Park Road', city_name: 'Leeds', post_code: 'LS6 1AB', bedrooms: 4, status: 'ACTIVE' }).returning('id');
  const [contract] = await knex('house_contracts')
    .insert({ group_id: 1, house_id: house.id, status: 'ACTIVE', billing_type: 'BILL', sign_up_date: '2033-09-01', end_date: '2034-08-31', number_of_tenants: 4, customers_sharing: 4 })
    .returning('id');
  const [electric] = await knex('meters').insert({ group_id: 1, house_id: house.id, utility_type: 'electric', rate_type: 'DUAL', serial_number: 'E10K12345' }).returning('id');
  const [gas] = await knex('meters').insert({ group_id: 1, house_id: house.id, utility_type: 'gas', rate_type: 'METRIC', serial_number: 'G4A998877' }).returning('id');
  const read = (meterId: number, register: string, reading_date: string, value: number, type = 'ACTUAL', status = 'APPROVED') => ({
    group_id: 1, meter_id: meterId, house_id: house.id, register, reading_date, value, type, status, source: 'BACK_OFFICE',
  });
  await knex('meter_readings').insert([
    read(electric.id, 'DAY', '2033-12-28', 1000),
    read(electric.id, 'DAY', '2034-03-30', 1850.5),
    read(electric.id, 'DAY', '2034-03-31', 9999, 'ACTUAL', 'REJECTED'), // never used
    read(electric.id, 'NIGHT', '2034-01-05', 400),
    read(electric.id, 'NIGHT', '2034-03-31', 700, 'ESTIMATE'),
    read(gas.id, 'SINGLE', '2034-01-01', 5000),
  ]);
  return { houseId: house.id as number, contractId: contract.id as number };
}

beforeAll(async () => {
  api = await startApiHarness();
  await createQueues(api.boss, [QUEUES['reports.usage']]);
  [staff, partner, tenant] = await Promise.all([api.signIn('staff@demo.test'), api.signIn('partner@demo.test'), api.signIn('tenant@demo.test')]);
});
afterAll(async () => {
  await api.stop();
  fs.rmSync(folder, { recursive: true, force: true });
});

it('writes one row per house contract and meter register with reads, consumption and estimates, reporting progress', async () => {
  const { houseId, contractId } = await buildFixture();
  const asked = await api.graphql(REQUEST, { periodStart: '2034-01-01', periodEnd: '2034-03-31', agencyId: String(agencyId) }, staff, GROUP);
  expect(asked.body.errors).toBeUndefined();
  const report = asked.body.data.requestUsageReport;
  expect(report).toMatchObject({ fileName: `usage-report-2034-01-01-2034-03-31-agency-${agencyId}.csv`, status: 'IN_PROGRESS', progress: 0, downloadPath: null });
  const [job] = await api.boss.findJobs('reports.usage', { data: { uploadId: Number(report.id) } });
  expect(job).toBeDefined(); // queued with the upload row

  const progress: ExportProgress[] = [];
  const outcome = await runUsageReport(api.db.knex, (job!.data as { uploadId: number }).uploadId, { batchSize: 1, progressEvery: 1, onProgress: async (step) => void progress.push(step) });
  expect(outcome).toMatchObject({ status: 'READY', rows: 3 });
  expect(progress.map((step) => step.progress)).toEqual([0, 33, 66, 99, 100]);
  expect(progress[1]!.message).toBe('1 of 3 rows');

  const status = await api.graphql(`query ($id: ID!) { usageReport(id: $id) { status progress rowCount sizeBytes downloadPath } }`, { id: report.id }, staff, GROUP);
  expect(status.body.data.usageReport).toMatchObject({ status: 'READY', progress: 100, rowCount: 3, downloadPath: `/api/v2/usage-reports/${report.id}/download` });
  expect(status.body.data.usageReport.sizeBytes).toBeGreaterThan(100);

  const download = await request(api.app.express).get(status.body.data.usageReport.downloadPath).query({ jwt: await downloadToken(api, status.body.data.usageReport.downloadPath, staff) });
  expect(download.status).toBe(200);
  expect(download.headers['content-disposition']).toContain(`filename="${report.fileName}"`);
  expect(download.text.split('\r\n')).toEqual([
    'House contract,House,Address,Agency,Billing type,Utility,Meter serial,Register,From,To,Opening read date,Opening read,Closing read date,Closing read,Consumption (meter units),Consumption (kWh),Estimated,Note',
    // Electricity day: opening before the period, the rejected read ignored, kWh as read.
    `${contractId},${houseId},"12 Hyde Park Road, Leeds, LS6 1AB","Usage Lettings, Leeds",BILL,electric,E10K12345,DAY,2034-01-01,2034-03-31,2033-12-28,1000,2034-03-30,1850.5,850.5,850.5,false,`,
    // Night: no read by 1 January, so the first one in the period opens; the estimated closing read flags it.
    `${contractId},${houseId},"12 Hyde Park Road, Leeds, LS6 1AB","Usage Lettings, Leeds",BILL,electric,E10K12345,NIGHT,2034-01-01,2034-03-31,2034-01-05,400,2034-03-31,700,300,300,true,`,
    `${contractId},${houseId},"12 Hyde Park Road, Leeds, LS6 1AB","Usage Lettings, Leeds",BILL,gas,G4A998877,SINGLE,2034-01-01,2034-03-31,2034-01-01,5000,,,,,,No closing read after the opening read`,
    '',
  ]);
  // A second delivery of the job leaves the report as it is, and its requester is told once that it is ready.
  expect(await runUsageReport(api.db.knex, Number(report.id))).toMatchObject({ status: 'SKIPPED', rows: 3 });
  const told = await api.db.knex('notifications').where({ type: 'USAGE_REPORT_READY' }).select('user_id', 'title', 'actions');
  const staffId = (await api.db.knex('users').where({ email: 'staff@demo.test' }).first('id')).id;
  expect(told).toEqual([{ user_id: staffId, title: 'Usage report ready', actions: [expect.objectContaining({ action: { link: `/admin/1/Upload/${report.id}/show`, title: 'Open the report' } })] }]);
});

it('refuses the download without a token, with a bad one, and to users without READ on usage reports', async () => {
  const [{ id }] = await api.db.knex('uploads').where({ resource_type: 'USAGE_REPORT', status: 'READY' }).select('id');
  const link = `/api/v2/usage-reports/${id}/download`;
  expect((await request(api.app.express).get(link)).status).toBe(401);
  expect((await request(api.app.express).get(link).query({ jwt: 'not-a-token' })).status).toBe(401);
  const forPartner = await request(api.app.express).get(link).query({ jwt: await downloadToken(api, link, partner) });
  expect(forPartner.status).toBe(403);
  expect(forPartner.body.error.message).toContain('needs READ on usageReports');
  expect((await request(api.app.express).get(link).query({ jwt: await downloadToken(api, link, tenant) })).status).toBe(403);
});

it('refuses bad periods and unknown agencies with field errors, and users without usageReports WRITE', async () => {
  const fields = async (variables: Record<string, unknown>) => (await api.graphql(REQUEST, variables, staff, GROUP)).body.errors[0].extensions.fields;
  expect(await fields({ periodStart: '2034-03-31', periodEnd: '2034-01-01' })).toEqual([expect.objectContaining({ field: 'periodEnd', rule: 'periodOrder' })]);
  expect(await fields({ periodStart: 'January', periodEnd: '2034-01-01' })).toEqual([expect.objectContaining({ field: 'periodStart', rule: 'date' })]);
  expect(await fields({ periodStart: '2033-01-01', periodEnd: '2034-03-31' })).toEqual([expect.objectContaining({ field: 'periodEnd', rule: 'maxPeriod' })]);
  expect(await fields({ periodStart: '2034-01-01', periodEnd: '2034-03-31', agencyId: '987654' })).toEqual([expect.objectContaining({ field: 'agencyId', message: 'No agency 987654' })]);
  expect((await api.graphql(REQUEST, { periodStart: '2034-01-01', periodEnd: '2034-03-31' }, staff)).body.errors[0].extensions.fields).toEqual([expect.objectContaining({ field: 'X-Group-ID' })]);
  expect((await api.graphql(REQUEST, { periodStart: '2034-01-01', periodEnd: '2034-03-31' }, partner, GROUP)).body.errors[0].extensions.code).toBe('FORBIDDEN');
});
