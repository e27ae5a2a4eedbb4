import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { createQueues } from '../../jobs/create-queues';
import { QUEUES } from '../../jobs/queues';
import { downloadToken, startApiHarness, type ApiHarness } from '../../testing';
import { runQueuedFinanceExport } from './finance-test-jobs';

/*
 * The finance mutations over GraphQL as the back office calls them: group from X-Group-ID, salesJournals /
 * accounting WRITE required, results readable through the catalogue, files downloadable by their owner.
 */

let api: ApiHarness;
let staff: string;
let readonly: string;
let exportsDir: string;
const GROUP = { 'X-Group-ID': '2' };

const GENERATE = /* GraphQL */ `
  mutation ($periodStart: String!, $periodEnd: String!) {
    generateSalesJournal(periodStart: $periodStart, periodEnd: $periodEnd) { id status exportStatus periodStart periodEnd netPence vatPence totalPence }
  }
`;
const REVERSE = /* GraphQL */ `
  mutation ($id: ID!) {
    reverseSalesJournal(id: $id) { reversed { id status reversedAt } reversal { id status reversesJournalId totalPence } }
  }
`;
const EXPORT = /* GraphQL */ `
  mutation ($id: ID!, $format: FinanceFileFormat!) {
    exportSalesJournal(id: $id, format: $format) { salesJournal { id exportStatus } file { id fileName status progress rowCount downloadPath } }
  }
`;
const ACCOUNTING = /* GraphQL */ `
  mutation ($source: String!, $periodStart: String!, $periodEnd: String!) {
    generateAccountingExport(source: $source, periodStart: $periodStart, periodEnd: $periodEnd) { id source aggregateType companyCode status rowCount }
  }
`;

beforeAll(async () => {
  exportsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'finance-graphql-'));
  process.env.EXPORTS_DIR = exportsDir;
  api = await startApiHarness();
  await createQueues(api.boss, [QUEUES['finance.export']]);
  [staff, readonly] = await Promise.all([api.signIn('staff@demo.test'), api.signIn('readonly@demo.test')]);
});
afterAll(async () => {
  await api.stop();
  fs.rmSync(exportsDir, { recursive: true, force: true });
});

it('generates, reverses and exports a journal of the X-Group-ID group; the file downloads', async () => {
  const generated = await api.graphql(GENERATE, { periodStart: '2031-01-01', periodEnd: '2031-01-31' }, staff, GROUP);
  expect(generated.body.errors).toBeUndefined();
  const journal = generated.body.data.generateSalesJournal;
  expect(journal).toMatchObject({ status: 'GENERATED', exportStatus: 'NOT_EXPORTED', periodStart: '2031-01-01', periodEnd: '2031-01-31' });

  const again = await api.graphql(GENERATE, { periodStart: '2031-01-31', periodEnd: '2031-02-28' }, staff, GROUP);
  expect(again.body.errors[0]).toMatchObject({ extensions: { code: 'CONFLICT' } });
  expect(again.body.errors[0].message).toContain(`#${journal.id}, 2031-01-01 to 2031-01-31`);

  const reversed = await api.graphql(REVERSE, { id: journal.id }, staff, GROUP);
  expect(reversed.body.errors).toBeUndefined();
  expect(reversed.body.data.reverseSalesJournal).toMatchObject({ reversed: { id: journal.id, status: 'REVERSED' }, reversal: { status: 'GENERATED', reversesJournalId: journal.id } });

  const exported = await api.graphql(EXPORT, { id: journal.id, format: 'CSV' }, staff, GROUP);
  expect(exported.body.errors).toBeUndefined();
  // The mutation answers at once: the file is queued (no link yet) and the journal not exported yet.
  const { salesJournal, file } = exported.body.data.exportSalesJournal;
  expect(salesJournal).toEqual({ id: journal.id, exportStatus: 'NOT_EXPORTED' });
  expect(file).toMatchObject({ status: 'PENDING', progress: 0, downloadPath: null });
  const early = await request(api.app.express).get(`/api/v2/exports/${file.id}/download`).query({ jwt: await downloadToken(api, `/api/v2/exports/${file.id}/download`, staff) });
  expect(early.status).toBe(409);
  expect(early.body.error.message).toContain('is not ready yet (PENDING, 0%)');

  // The finance.export job writes it; the file then shows DONE with its link, and the journal EXPORTED.
  await runQueuedFinanceExport(api.boss, api.db.knex, file.id);
  const status = await request(api.app.express).get(`/api/v2/exports/${file.id}`).set({ Authorization: `Bearer ${staff}` });
  expect(status.body).toMatchObject({ status: 'DONE', progress: 100, downloadPath: `/api/v2/exports/${file.id}/download` });
  const download = await request(api.app.express).get(status.body.downloadPath).query({ jwt: await downloadToken(api, status.body.downloadPath, staff) });
  expect(download.status).toBe(200);
  expect(download.text.startsWith('Journal,Line,Period start')).toBe(true);
  const after = await api.graphql(`query ($id: ID!) { SalesJournal(id: $id) { exportStatus } }`, { id: journal.id }, staff, GROUP);
  expect(after.body.data.SalesJournal).toEqual({ exportStatus: 'EXPORTED' });
  // Only its owner downloads it.
  expect((await request(api.app.express).get(status.body.downloadPath).query({ jwt: await downloadToken(api, status.body.downloadPath, readonly) })).status).toBe(403);

  const list = await api.graphql(`{ allSalesJournals(filter: { periodStart_gte: "2031-01-01" }) { id status } }`, {}, staff, GROUP);
  expect(list.body.errors).toBeUndefined();
  expect(list.body.data.allSalesJournals).toHaveLength(2);
});

it('generates accounting exports over GraphQL, refusing unknown sources with a field error', async () => {
  const none = await api.graphql(ACCOUNTING, { source: 'STATEMENT', periodStart: '2031-01-01', periodEnd: '2031-01-31' }, staff, GROUP);
  expect(none.body.errors).toBeUndefined();
  expect(none.body.data.generateAccountingExport).toEqual([]);
  const unknown = await api.graphql(ACCOUNTING, { source: 'PAYROLL', periodStart: '2031-01-01', periodEnd: '2031-01-31' }, staff, GROUP);
  expect(unknown.body.errors[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', fields: [{ field: 'source' }] } });
});

it('needs salesJournals / accounting WRITE', async () => {
  expect((await api.graphql(GENERATE, { periodStart: '2032-01-01', periodEnd: '2032-01-31' }, readonly, GROUP)).body.errors[0].extensions.code).toBe('FORBIDDEN');
  expect((await api.graphql(ACCOUNTING, { source: 'MONTHLY', periodStart: '2032-01-01', periodEnd: '2032-01-31' }, readonly, GROUP)).body.errors[0].extensions.code).toBe('FORBIDDEN');
  expect((await api.graphql(GENERATE, { periodStart: '2032-01-01', periodEnd: '2032-01-31' })).body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
});
