import fs from 'node:fs';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '../../../testing';
import { GOLDEN_HOUSE, MARCH_2026, buildBillHouse } from '../billing-test-data';
import { generateHouseStatement } from '../house-statement.service';
import { renderStatementPdfBuffer, type StatementPdfData } from './statement-pdf';
import { loadStatementPdfData } from './statement-pdf-data';

/** The text pdfkit drew: every TJ array's hex strings decoded (WinAnsi ≈ latin1 for these characters), one line per array. */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  return [...source.matchAll(/\[([^\]]*)\]\s*TJ/g)]
    .map((match) => [...match[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((hex) => Buffer.from(hex[1]!, 'hex').toString('latin1')).join(''))
    .join('\n')
    .replace(/\xa3/g, '£');
}

const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;

let db: TestDatabase;
let houseBillId: number;
let tenantBillIds: number[];
beforeAll(async () => {
  db = await createTestDatabase();
  const house = await buildBillHouse(db.knex, GOLDEN_HOUSE);
  const outcome = await db.knex.transaction((trx) => generateHouseStatement(trx, { houseContractId: house.houseContractId, ...MARCH_2026, issueDate: '2026-04-02' }));
  if (outcome.status !== 'BILLED') throw new Error(`golden house not billed: ${JSON.stringify(outcome)}`);
  houseBillId = outcome.houseBillId;
  tenantBillIds = outcome.tenantBillIds;
});
afterAll(() => db.drop());

it('loads a tenant statement: brand, tenant, house address, dates, lines and totals', async () => {
  const loaded = await loadStatementPdfData(db.knex, tenantBillIds[0]!);
  expect(loaded).toMatchObject({
    groupId: 1,
    data: {
      billId: tenantBillIds[0],
      kind: 'TENANT_STATEMENT',
      state: 'ISSUED',
      brandName: 'Bills for Students',
      recipientName: 'Test Tenant 0',
      periodStart: '2026-03-01',
      periodEnd: '2026-03-31',
      issueDate: '2026-04-02',
      dueDate: '2026-04-16',
      netPence: 10266,
      vatPence: 513,
      totalPence: 10779,
    },
  });
  expect(loaded!.data.houseAddress).toEqual([expect.stringMatching(/Test Street$/), 'Leeds', 'LS6 1AA']);
  expect(loaded!.data.lines).toHaveLength(4);
  expect(await loadStatementPdfData(db.knex, 987654321)).toBeUndefined();
});

it('renders the golden statement as a one-page PDF showing the total, due date, reads, rates and how to pay', async () => {
  const loaded = await loadStatementPdfData(db.knex, tenantBillIds[0]!);
  const pdf = await renderStatementPdfBuffer(loaded!.data, { compress: false });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdf.subarray(-6).toString()).toMatch(/%%EOF/);
  expect(pageCount(pdf)).toBe(1);
  const text = pdfText(pdf);
  expect(text).toContain('Bills for Students');
  expect(text).toContain('Test Tenant 0');
  expect(text).toContain('01/03/2026 to 31/03/2026');
  expect(text).toContain('02/04/2026');
  expect(text).toContain('16/04/2026');
  expect(text).toContain('£107.79');
  expect(text).toContain('£102.66');
  expect(text).toContain('£5.13');
  expect(text).toContain('VAT at 5%');
  expect(text).toContain('24.5p/kWh');
  expect(text).toContain('31 × 60.1p/day');
  expect(text).toContain('actual reads');
  expect(text).toContain('pay on receipt');
  expect(text).toContain('within 14 days');
  // The way to pay online is a real page of the tenant area.
  expect(text.replace(/\s+/g, '')).toContain('/tenant-profile/payments/single-payment');
  expect(text).not.toContain('VOID');
});

it("wears the group's brand settings: name, colour, support address; and sends tenants only to pages the site has", async () => {
  await db.knex('entity_configurations').insert({ group_id: 1, display_name: 'Leeds Student Bills', primary_colour: '#123456', support_email: 'help@leeds-bills.test' });
  try {
    const loaded = await loadStatementPdfData(db.knex, tenantBillIds[0]!);
    expect(loaded!.data).toMatchObject({ brandName: 'Leeds Student Bills', brandColour: '#123456', supportEmail: 'help@leeds-bills.test', brandLogo: null });
    const pdf = await renderStatementPdfBuffer(loaded!.data, { compress: false });
    const text = pdfText(pdf);
    expect(text).toContain('Leeds Student Bills');
    expect(text).not.toContain('Bills for Students');
    expect(text).toContain('help@leeds-bills.test');
    // The brand's colour is drawn (the bar across the top and the house mark): 0x12/255 0x34/255 0x56/255.
    expect(pdf.toString('latin1').match(/0\.0705\d* 0\.2039\d* 0\.3372\d* scn/g)?.length).toBeGreaterThanOrEqual(2);
    const known = new Set(JSON.parse(fs.readFileSync(path.join(__dirname, '../../../../../site/src/routes/known-paths.json'), 'utf8')) as string[]);
    for (const url of [loaded!.data.payOnlineUrl, loaded!.data.accountUrl]) {
      expect(text.replace(/\s+/g, '')).toContain(url);
      expect(known.has(new URL(url).pathname)).toBe(true);
    }
  } finally {
    await db.knex('entity_configurations').where({ group_id: 1 }).delete();
  }
});

it('renders the house statement with kWh used, and marks estimated reads and void statements', async () => {
  const loaded = await loadStatementPdfData(db.knex, houseBillId);
  const house = pdfText(await renderStatementPdfBuffer(loaded!.data, { compress: false }));
  expect(house).toContain('House energy statement');
  expect(house).toContain('250.5');
  expect(house).toContain('1346.476');
  expect(house).toContain('£180.80');

  const estimatedVoid: StatementPdfData = { ...loaded!.data, state: 'VOID', lines: loaded!.data.lines.map((line, index) => ({ ...line, estimated: index === 0 })) };
  const pdf = await renderStatementPdfBuffer(estimatedVoid, { compress: false });
  expect(pageCount(pdf)).toBe(1);
  const text = pdfText(pdf);
  expect(text).toContain('VOID');
  expect(text).toContain('10250.5 (E)');
  expect(text).toContain('estimated read');
});

it('stays on one page however many lines, and renders fast (compressed, as served)', async () => {
  const loaded = await loadStatementPdfData(db.knex, tenantBillIds[1]!);
  const many: StatementPdfData = { ...loaded!.data, lines: Array.from({ length: 40 }, (_, index) => loaded!.data.lines[index % 4]!) };
  expect(pageCount(await renderStatementPdfBuffer(many, { compress: false }))).toBe(1);

  const count = 200;
  const started = process.hrtime.bigint();
  for (let index = 0; index < count; index += 1) await renderStatementPdfBuffer(loaded!.data);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const rate = count / seconds;
  console.log(`statement PDFs: ${rate.toFixed(0)} per second (${count} in ${seconds.toFixed(2)} s)`);
  // The target is ≥ 100/s; the bound here is loose so a busy machine does not fail the suite.
  expect(rate).toBeGreaterThan(30);
});
