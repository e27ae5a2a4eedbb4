import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createQueues } from '../../../jobs/create-queues';
import { QUEUES } from '../../../jobs/queues';
import request from 'supertest';
import { downloadToken, startApiHarness, type ApiHarness } from '../../../testing';
import { SandboxBacsBureau } from '../../../sandboxes/bacs/sandbox-bureau';
import { loadBacsCalendar } from '../bacs/bank-holidays';
import { readDataRecords } from '../bacs/standard18';
import { runBureauDay } from '../collections/apply-bacs-reports.service';
import { ledgerSettlement } from '../collections/ledger-ports';
import { runCollections } from '../collections/run-collections.service';
import { sandboxCardCharges } from '../collections/sandbox-card-charges';

/*
 * A paperless Direct Debit from set-up to the bank: a tenant sets one up for their own contract (never for
 * another's), staff for their group's; bad details are refused by field; the mandate is lodged (AUDDIS 0N) in
 * the group's next file, a replaced one cancelled (0C), and the sandbox bureau's test accounts answer as
 * paying banks do: active after the processing day, rejected (AUDDIS), cancelled or moved by the payer's bank
 * (ADDACS).
 */

let api: ApiHarness;
let staff: string;
let tenant: string;
let folder: string;
let own: number;
let group1: number[];
const GROUP1 = { 'X-Group-ID': '1' };
const GROUP2 = { 'X-Group-ID': '2' };

const SET_UP = /* GraphQL */ `mutation ($input: DirectDebitSetUpInput!) { setUpDirectDebit(input: $input) { id reference status sortCode accountNumberEnding serviceUserNumber } }`;
const details = (tenantId: number, accountNumber = '12345628') => ({ tenantId: String(tenantId), accountName: 'Isla Roberts', sortCode: '10-88-00', accountNumber, accountHolderConfirmed: true });

beforeAll(async () => {
  api = await startApiHarness();
  await createQueues(api.boss, [QUEUES['outbox.deliver']]);
  [staff, tenant] = await Promise.all([api.signIn('staff@demo.test'), api.signIn('group2tenant@demo.test')]);
  ({ id: own } = await api.db.knex('tenant_contracts as tc').join('users as u', 'u.id', 'tc.user_id').where('u.email', 'group2tenant@demo.test').first('tc.id'));
  group1 = (await api.db.knex('tenant_contracts').where({ group_id: 1, status: 'ACTIVE' }).orderBy('id').limit(4).select('id')).map((r: { id: number }) => r.id);
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'dd-setup-'));
});
afterAll(async () => {
  await api.stop();
  await fs.rm(folder, { recursive: true, force: true });
});

describe('setting up a Direct Debit', () => {
  it("refuses another tenant's contract and bad details by field, writing nothing", async () => {
    const before = await api.db.knex('direct_debit_mandates').count({ n: '*' });
    const theirs = await api.graphql(SET_UP, { input: details(group1[0]!) }, tenant);
    expect(theirs.body.errors[0].extensions.code).toBe('NOT_FOUND');
    const bad = await api.graphql(SET_UP, { input: { ...details(own, '12345678'), accountName: ' ', accountHolderConfirmed: false } }, tenant);
    expect(bad.body.errors[0].extensions.fields).toEqual([
      { field: 'accountName', rule: 'required', message: 'Account holder name is required (at most 18 letters reach the bank, 100 are kept)' },
      { field: 'accountNumber', rule: 'bankDetails', message: 'Account number is not valid for this sort code' },
      { field: 'accountHolderConfirmed', rule: 'required', message: 'Only the account holder can set up this Direct Debit: confirm you are the account holder' },
    ]);
    const shortCode = await api.graphql(SET_UP, { input: { ...details(own), sortCode: '10-88' } }, tenant);
    expect(shortCode.body.errors[0].extensions.fields).toEqual([{ field: 'sortCode', rule: 'bankDetails', message: 'Sort code must be 6 digits' }]);
    // Staff work in one group at a time: group 2's desk cannot reach a group-1 contract.
    expect((await api.graphql(SET_UP, { input: details(group1[0]!) }, staff, GROUP2)).body.errors[0].extensions.code).toBe('NOT_FOUND');
    expect(await api.db.knex('direct_debit_mandates').count({ n: '*' })).toEqual(before);
  });

  it('is offered to tenants only while directDebitFO is on', async () => {
    await api.db.knex('feature_flags').where({ name: 'directDebitFO' }).update({ enabled: false });
    try {
      const res = await api.graphql(SET_UP, { input: details(own) }, tenant);
      expect(res.body.errors[0]).toMatchObject({ message: 'Direct Debits cannot be set up online at the moment: call us and we will set it up with you.', extensions: { code: 'FORBIDDEN' } });
    } finally {
      await api.db.knex('feature_flags').where({ name: 'directDebitFO' }).update({ enabled: true });
    }
  });

  it("sets up the tenant's own: PENDING, paid by Direct Debit from now on, confirmed by e-mail with the Guarantee, audited", async () => {
    const res = await api.graphql(SET_UP, { input: details(own) }, tenant);
    expect(res.body.errors).toBeUndefined();
    const mandate = res.body.data.setUpDirectDebit;
    expect(mandate).toMatchObject({ reference: `SHB-${String(own).padStart(6, '0')}-01`, status: 'PENDING', sortCode: '108800', accountNumberEnding: '5628', serviceUserNumber: '780142' });
    expect(await api.db.knex('tenant_contracts').where({ id: own }).first('payment_method')).toEqual({ payment_method: 'DIRECT_DEBIT' });
    expect(await api.db.knex('payment_methods').where({ tenant_contract_id: own, kind: 'DIRECT_DEBIT', is_active: true }).select('mandate_id')).toEqual([{ mandate_id: Number(mandate.id) }]);
    // The card stays on file: a one-off card payment still works.
    expect(await api.db.knex('payment_methods').where({ tenant_contract_id: own, kind: 'CARD', is_active: true }).count({ n: '*' })).toEqual([{ n: 1 }]);
    const mail = await api.db.knex('outbox_messages').where({ recipient: 'group2tenant@demo.test', subject: 'Your Direct Debit is set up' }).first('text_body');
    expect(mail?.text_body).toContain(mandate.reference);
    expect(mail?.text_body).toContain('Sort code: 10-88-00');
    expect(mail?.text_body).toContain('The Direct Debit Guarantee');
    expect(await api.db.knex('audit_log').where({ entity: 'direct_debit_mandates', entity_id: mandate.id, action: 'INSERT' }).count({ n: '*' })).toEqual([{ n: 1 }]);
  });
});

describe('lodging with the bank (sandbox bureau test accounts)', () => {
  it('lodges new mandates (0N) and cancels replaced ones (0C), then the paying banks answer on the working-day clock', async () => {
    const k = api.db.knex;
    const [ok, rejected, cancelled, moved] = group1 as [number, number, number, number];
    // The first contract already pays by a lodged mandate: setting up a new one replaces it (a 0C goes in).
    await k('direct_debit_mandates').where({ tenant_contract_id: ok }).update({ status: 'INACTIVE' });
    await k('direct_debit_mandates').insert({ group_id: 1, tenant_contract_id: ok, reference: 'SHBOLDMANDATE1', account_name: 'A Payer', sort_code: '108800', account_number: '12345628', account_number_ending: '5628', status: 'ACTIVE', direct_debit_status: 'ARRANGED', lodged_on: '2026-10-01', service_user_number: '188760' });
    for (const [contract, account] of [[ok, '12345628'], [rejected, '33333335'], [cancelled, '55555551'], [moved, '66666619']] as const) {
      expect((await api.graphql(SET_UP, { input: details(contract, account) }, staff, GROUP1)).body.errors).toBeUndefined();
    }
    expect(await k('direct_debit_mandates').where({ reference: 'SHBOLDMANDATE1' }).first('status')).toEqual({ status: 'CANCELLING' });

    const calendar = await loadBacsCalendar(k);
    const bureau = new SandboxBacsBureau(folder, calendar);
    const collect = (today: string) => runCollections(k, api.boss, { today, noticeWorkingDays: 10, settlement: ledgerSettlement, cards: sandboxCardCharges(), groupIds: [1, 2] });
    const day = (today: string) => runBureauDay(k, { bureau, calendar, settlement: ledgerSettlement, boss: api.boss, today });
    const status = async () => Object.fromEntries((await k('direct_debit_mandates').whereIn('tenant_contract_id', [...group1, own]).whereNot({ status: 'INACTIVE' }).select('tenant_contract_id', 'status')).map((m) => [m.tenant_contract_id, m.status]));

    // Monday 1 March 2027: one AUDDIS file per service user; a second run the same day writes nothing more.
    const monday = await collect('2027-03-01');
    expect(monday.lodged).toBe(6);
    expect((await collect('2027-03-01')).lodged).toBe(0);
    const auddis: Array<{ service_user_number: string; file: string }> = await k('bacs_submissions').where({ kind: 'AUDDIS', submission_date: '2027-03-01' }).orderBy('service_user_number').select('service_user_number', 'file');
    expect(auddis.map((f) => [f.service_user_number, readDataRecords(f.file).map((r) => `${r.transactionCode} ${r.accountNumber} ${r.amountPence}`).sort()])).toEqual([
      ['188760', ['0C 12345628 0', '0N 12345628 0', '0N 33333335 0', '0N 55555551 0', '0N 66666619 0']],
      ['780142', ['0N 12345628 0']],
    ]);
    expect(await k('direct_debit_mandates').where({ reference: 'SHBOLDMANDATE1' }).first('status')).toEqual({ status: 'INACTIVE' });
    expect(await day('2027-03-01')).toMatchObject({ mandatesActivated: 0 });
    expect((await fs.readdir(path.join(folder, 'submissions'))).filter((name) => name.includes('AUDDIS'))).toEqual(['2027-03-01_188760_AUDDIS.txt', '2027-03-01_780142_AUDDIS.txt']);

    // Wednesday 3rd, past the processing day: the rejected lodgement comes back (AUDDIS B); the rest are active.
    expect(await day('2027-03-02')).toMatchObject({ reportsRead: 0, mandatesActivated: 0 });
    expect(await day('2027-03-03')).toMatchObject({ reportsRead: 1, advicesApplied: 1, mandatesActivated: 4 });
    expect(await status()).toEqual({ [ok]: 'ACTIVE', [rejected]: 'FAILED', [cancelled]: 'ACTIVE', [moved]: 'ACTIVE', [own]: 'ACTIVE' });

    // Thursday 4th: one payer cancels at their bank, another's account moved (ADDACS 1 and 3). Read once.
    expect(await day('2027-03-04')).toMatchObject({ reportsRead: 1, advicesApplied: 2 });
    expect(await day('2027-03-04')).toMatchObject({ reportsRead: 0, advicesApplied: 0 });
    expect(await status()).toEqual({ [ok]: 'ACTIVE', [rejected]: 'FAILED', [cancelled]: 'CUSTOMER_CANCELLED', [moved]: 'ACTIVE', [own]: 'ACTIVE' });
    expect(await k('direct_debit_mandates').where({ tenant_contract_id: moved, status: 'ACTIVE' }).first('sort_code', 'account_number')).toEqual({ sort_code: '108800', account_number: '12345628' });
    expect(await k('bacs_reports').orderBy('id').pluck('kind')).toEqual(['AUDDIS', 'ADDACS']);
    // The lodgement files have had their answer once past their processing day.
    expect(await k('bacs_submissions').where({ kind: 'AUDDIS', submission_date: '2027-03-01' }).pluck('status')).toEqual(['REPORTED', 'REPORTED']);
  });
});

describe("a day's Direct Debit file", () => {
  it('downloads as it went to the bureau, for staff of its group only, through a link token', async () => {
    const k = api.db.knex;
    const files: Array<{ id: number; group_id: number }> = await k('bacs_submissions').where({ kind: 'AUDDIS', submission_date: '2027-03-01' }).orderBy('group_id').select('id', 'group_id');
    const [group1File, group2File] = files as [{ id: number; group_id: number }, { id: number; group_id: number }];
    const path = (id: number) => `/api/v2/direct-debit/submissions/${id}/file`;
    const res = await request(api.app.express).get(path(group1File.id)).query({ jwt: await downloadToken(api, path(group1File.id), staff) });
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="2027-03-01_188760_AUDDIS.txt"');
    expect(res.text.startsWith('VOL1')).toBe(true);
    expect(res.text).toContain('33333335');

    // A member of staff who works for group 2 only: group 1's file is not there for them.
    const narrow: { id: number } = await k('users').where({ email: 'readonly@demo.test' }).first('id');
    await k('users').where({ id: narrow.id }).update({ all_groups: false });
    await k('backoffice_user_groups').insert({ user_id: narrow.id, group_id: 2 });
    const readonly = await api.signIn('readonly@demo.test');
    const theirs = await request(api.app.express).get(path(group1File.id)).query({ jwt: await downloadToken(api, path(group1File.id), readonly) });
    expect(theirs.status).toBe(404);
    expect((await request(api.app.express).get(path(group2File.id)).query({ jwt: await downloadToken(api, path(group2File.id), readonly) })).status).toBe(200);
    // A tenant cannot even ask; a session token in the link is refused.
    expect((await request(api.app.express).get(path(group1File.id)).query({ jwt: tenant })).status).toBe(401);
  });
});
