import request from 'supertest';
import { CATALOGUE, pluralOf, type ResourceSpec } from '../rules';
import { createQueues } from '../jobs/create-queues';
import { QUEUES } from '../jobs/queues';
import { startApiHarness, type ApiHarness } from '../testing';

/*
 * The scope walk (issue 13): every catalogue list and show, as each demo role and as a partner user of another
 * partner, in each group; fails if a row outside the caller's scope comes back. Partner scope is computed here
 * from the database, independently of the server's scoping code.
 */
const WHO = ['tenant', 'agent', 'staff', 'readonly', 'partner', 'partner2'] as const;
type Who = (typeof WHO)[number];

describe('the scope walk', () => {
  let api: ApiHarness;
  const tokens = {} as Record<Who, string>;
  const partnerOf = {} as Record<'partner' | 'partner2', number>;
  beforeAll(async () => {
    api = await startApiHarness();
    await createQueues(api.boss, [QUEUES['exports.run']]);
    for (const who of WHO) tokens[who] = await api.signIn(`${who}@demo.test`);
    for (const who of ['partner', 'partner2'] as const) partnerOf[who] = (await api.db.knex('users').where({ email: `${who}@demo.test` }).first('partner_id')).partner_id;
  });
  afterAll(() => api.stop());

  /** The ids a partner may see in a table (null: the table is not the partner's at all). */
  async function partnerIds(spec: ResourceSpec, partnerId: number): Promise<Set<number>> {
    const knex = api.db.knex;
    const houses = knex('house_visits').where({ partner_id: partnerId }).select('house_id');
    const rows: Array<{ id: number }> =
      spec.table === 'house_visits' ? await knex('house_visits').where({ partner_id: partnerId }).select('id')
      : spec.table === 'houses' ? await knex('houses').whereIn('id', houses).select('id')
      : spec.table === 'meters' ? await knex('meters').whereIn('house_id', houses).select('id')
      : spec.table === 'meter_readings' ? await knex('meter_readings').whereIn('meter_id', knex('meters').whereIn('house_id', houses).select('id')).select('id')
      : [];
    return new Set(rows.map((row) => row.id));
  }

  it('returns no record outside the caller\'s scope from any list or show, for any role', async () => {
    let cells = 0;
    const leaks: string[] = [];
    for (const spec of CATALOGUE) {
      const plural = pluralOf(spec);
      for (const who of WHO) {
        for (const group of spec.groupScoped ? ['1', '2'] : ['1']) {
          cells += 1;
          const res = await api.graphql(`{ all${plural}(perPage: 1000) { id } }`, {}, tokens[who], { 'X-Group-ID': group });
          const ids: number[] = (res.body.data?.[`all${plural}`] ?? []).map((row: { id: string }) => Number(row.id));
          if (who === 'partner' || who === 'partner2') {
            const allowed = await partnerIds(spec, partnerOf[who]);
            const outside = ids.filter((id) => !allowed.has(id));
            if (outside.length) leaks.push(`${who} ${plural} group ${group}: ${outside.length} rows outside its partner`);
            // Show: every record of the table outside the partner's scope is not found.
            const others = (await api.db.knex(spec.table).select('id').limit(3)).map((row: { id: number }) => row.id).filter((id: number) => !allowed.has(id));
            for (const id of others) {
              cells += 1;
              const show = await api.graphql(`{ ${spec.name}(id: ${id}) { id } }`, {}, tokens[who], { 'X-Group-ID': group });
              if (show.body.data?.[spec.name]) leaks.push(`${who} ${spec.name}(${id}) outside its partner`);
            }
          }
          if ((who === 'tenant' || who === 'agent') && ids.length) leaks.push(`${who} listed ${plural}`);
        }
      }
    }
    console.log(`scope walk: ${cells} cells (${CATALOGUE.length} resources × ${WHO.length} callers × groups, plus shows)`);
    expect(leaks).toEqual([]);
  });

  it('shows a partner only its own visits and their houses, and the other partner none of them', async () => {
    const visits = async (who: Who) => (await api.graphql('{ allHouseVisits(perPage: 100) { id partnerId houseId } }', {}, tokens[who], { 'X-Group-ID': '1' })).body.data.allHouseVisits;
    const mine = await visits('partner');
    const theirs = await visits('partner2');
    expect(mine.length).toBe(3);
    expect(theirs.length).toBe(1);
    expect(mine.every((visit: { partnerId: string }) => Number(visit.partnerId) === partnerOf.partner)).toBe(true);
    const otherHouse = theirs[0].houseId;
    // Houses are readable with the desk's visits and readings, but only those of the partner's own visits.
    const show = await api.graphql(`{ House(id: ${otherHouse}) { id } }`, {}, tokens.partner, { 'X-Group-ID': '1' });
    expect(show.body.data?.House ?? null).toBeNull();
    const ownHouse = await api.graphql(`{ House(id: ${mine[0].houseId}) { id streetName } }`, {}, tokens.partner, { 'X-Group-ID': '1' });
    expect(ownHouse.body.data.House.id).toBe(String(mine[0].houseId));
    expect((await api.graphql(`mutation { updateHouse(id: ${mine[0].houseId}, streetName: "Renamed") { id } }`, {}, tokens.partner, { 'X-Group-ID': '1' })).body.errors[0].extensions.code).toBe('FORBIDDEN');
    const meters = await api.db.knex('meters').where({ house_id: otherHouse }).select('id');
    for (const meter of meters) {
      const update = await api.graphql(`mutation { updateMeter(id: ${meter.id}) { id } }`, {}, tokens.partner, { 'X-Group-ID': '1' });
      expect(update.body.errors[0].extensions.code).toBe('NOT_FOUND');
    }
    const visit = await api.graphql(`mutation { updateHouseVisit(id: ${theirs[0].id}, notes: "mine now") { id } }`, {}, tokens.partner, { 'X-Group-ID': '1' });
    expect(visit.body.errors[0].extensions.code).toBe('NOT_FOUND');
  });

  it('refuses the partner desk every money detail: bill lines, ledger, payments, bill PDFs', async () => {
    for (const list of ['allBillLines', 'allLedgerEntries', 'allPayments', 'allBills']) {
      const res = await api.graphql(`{ ${list} { id } }`, {}, tokens.partner, { 'X-Group-ID': '1' });
      expect([list, res.status]).toEqual([list, 403]);
    }
    const bill = await api.db.knex('bills').first('id');
    if (bill) expect((await request(api.app.express).get(`/api/v2/bills/${bill.id}/pdf`).set('Authorization', `Bearer ${tokens.partner}`)).status).toBe(403);
  });

  it('exports a partner only its own rows', async () => {
    const started = await request(api.app.express)
      .post('/api/v2/exports/csv')
      .set({ Authorization: `Bearer ${tokens.partner2}`, 'X-Group-ID': '1' })
      .send({ resource: 'HouseVisit', fileName: 'visits.csv' });
    expect(started.status).toBe(202);
    const { runExport } = await import('../modules/exports/run-export.service');
    const outcome = await runExport(api.db.knex, started.body.id);
    expect(outcome.rows).toBe(1);
  });

  describe('X-Group-ID restricts', () => {
    it('answers 404 for a group that does not exist, on GraphQL and REST', async () => {
      const res = await api.graphql('{ allHouseVisits { id } }', {}, tokens.staff, { 'X-Group-ID': '999' });
      expect(res.status).toBe(404);
      expect(res.body.errors[0].extensions.code).toBe('NOT_FOUND');
      const rest = await request(api.app.express).post('/api/v2/exports/csv').set({ Authorization: `Bearer ${tokens.staff}`, 'X-Group-ID': '999' }).send({ resource: 'HouseVisit', fileName: 'v.csv' });
      expect(rest.status).toBe(404);
    });

    it('answers 403 FORBIDDEN for a group the caller does not belong to', async () => {
      // Both partners' visits are in group 1: group 2 is not theirs.
      const res = await api.graphql('{ allHouseVisits { id } }', {}, tokens.partner, { 'X-Group-ID': '2' });
      expect(res.status).toBe(403);
      expect(res.body.errors[0]).toMatchObject({ extensions: { code: 'FORBIDDEN' } });
      const rest = await request(api.app.express).post('/api/v2/exports/csv').set({ Authorization: `Bearer ${tokens.partner}`, 'X-Group-ID': '2' }).send({ resource: 'HouseVisit', fileName: 'v.csv' });
      expect(rest.status).toBe(403);
      const tenantGroups = await api.db.knex('tenant_contracts').join('users', 'users.id', 'tenant_contracts.user_id').where('users.email', 'tenant@demo.test').distinct('group_id');
      const notTenants = [1, 2].find((group) => !tenantGroups.some((row: { group_id: number }) => row.group_id === group));
      if (notTenants) expect((await api.graphql('{ checkAuth }', {}, tokens.tenant, { 'X-Group-ID': String(notTenants) })).status).toBe(403);
    });

    it('lets staff name any group that exists', async () => {
      expect((await api.graphql('{ allHouseVisits { id } }', {}, tokens.staff, { 'X-Group-ID': '2' })).status).toBe(200);
    });
  });
});
