import { SAMPLES, type SampleContext } from '@app/fixtures';
import { CATALOGUE, londonDate, pluralOf, type ResourceSpec } from '../../rules';
import { startApiHarness, type ApiHarness } from '../../testing';
import { GRAPHQL_TYPE } from './records.graphql';

/*
 * Every resource of the catalogue over GraphQL, as the back office uses it: create, read, update, filter,
 * sort and page, delete where allowed, each change in the audit log with before and after.
 */

let api: ApiHarness;
let staff: string;
const GROUP = { 'X-Group-ID': '1' };
let counter = 0;

async function gql<T = Record<string, unknown>>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await api.graphql(query, variables, staff, GROUP);
  if (res.body.errors) throw new Error(`${query.split('(')[0]}: ${JSON.stringify(res.body.errors)}`);
  return res.body.data as T;
}

const selection = (spec: ResourceSpec) => Object.keys(spec.fields).join(' ');

async function createVia(spec: ResourceSpec, input: Record<string, unknown>): Promise<Record<string, unknown>> {
  const names = Object.keys(input);
  const declarations = names.map((name) => `$${name}: ${GRAPHQL_TYPE[spec.fields[name]!.kind]}`);
  const call = names.map((name) => `${name}: $${name}`);
  const data = await gql<Record<string, Record<string, unknown>>>(
    `mutation${declarations.length ? `(${declarations.join(', ')})` : ''} { created: create${spec.name}${call.length ? `(${call.join(', ')})` : ''} { ${selection(spec)} } }`,
    input,
  );
  return data.created!;
}

const context: SampleContext = {
  today: londonDate(new Date()),
  unique: () => ++counter,
  async create(resource, overrides = {}) {
    const spec = CATALOGUE.find((candidate) => candidate.name === resource)!;
    const input = { ...(await SAMPLES[resource]!.create!(context)), ...overrides };
    return String((await createVia(spec, input)).id);
  },
};

/** What the API returns for a value sent: ids as strings, the rest as sent. */
function expected(spec: ResourceSpec, input: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(input).map(([name, value]) => {
      const field = spec.fields[name]!;
      if (field.kind === 'ref' && value !== null) return [name, String(value)];
      return [name, field.normalise && typeof value === 'string' ? field.normalise(value) : value];
    }),
  );
}

beforeAll(async () => {
  api = await startApiHarness();
  staff = await api.signIn('staff@demo.test');
});
afterAll(() => api.stop());

it('has a sample for every resource staff create', () => {
  const missing = CATALOGUE.filter((spec) => spec.create && !SAMPLES[spec.name]?.create).map((spec) => spec.name);
  expect(missing).toEqual([]);
});

describe.each(CATALOGUE.map((spec) => [spec.name, spec] as const))('%s', (_name, spec) => {
  const plural = pluralOf(spec);
  let created: Record<string, unknown> | null = null;

  if (spec.create) {
    it('creates a record and reads it back', async () => {
      const input = await SAMPLES[spec.name]!.create!(context);
      created = await createVia(spec, input);
      expect(created).toMatchObject(expected(spec, input));
      const data = await gql<Record<string, Record<string, unknown>>>(`query ($id: ID!) { one: ${spec.name}(id: $id) { ${selection(spec)} } }`, { id: created.id });
      expect(data.one).toEqual(created);
      const audit = await api.db.knex('audit_log').where({ entity: spec.table, entity_id: String(created.id), action: 'INSERT' }).first();
      expect(audit?.after).toMatchObject({ id: Number(created.id) });
    });
  }

  it('pages, sorts and counts the list', async () => {
    const sortable = Object.entries(spec.fields).filter(([, field]) => field.sort).map(([name]) => name);
    for (const sortField of sortable) {
      for (const sortOrder of ['ASC', 'DESC']) {
        const data = await gql<{ rows: unknown[]; meta: { count: number } }>(
          `query ($sortField: String, $sortOrder: String) { rows: all${plural}(page: 0, perPage: 2, sortField: $sortField, sortOrder: $sortOrder) { id } meta: _all${plural}Meta { count } }`,
          { sortField, sortOrder },
        );
        expect(data.rows.length).toBeLessThanOrEqual(2);
        expect(data.rows.length).toBe(Math.min(2, data.meta.count));
      }
    }
  });

  if (spec.create) {
    it('filters the list by id and by each equality filter the record matches', async () => {
      const byIds = await gql<{ rows: Array<{ id: string }> }>(`query ($filter: JSON) { rows: all${plural}(filter: $filter) { id } }`, { filter: { ids: [created!.id] } });
      expect(byIds.rows).toEqual([{ id: created!.id }]);
      for (const [name, field] of Object.entries(spec.fields)) {
        if (field.filter !== 'eq' || created![name] === null || created![name] === undefined) continue;
        const data = await gql<{ rows: Array<{ id: string }>; meta: { count: number } }>(
          `query ($filter: JSON) { rows: all${plural}(filter: $filter, perPage: 1000) { id } meta: _all${plural}Meta(filter: $filter) { count } }`,
          { filter: { [name]: created![name] } },
        );
        expect(data.rows.map((row) => row.id)).toContain(created!.id);
        expect(data.meta.count).toBeGreaterThanOrEqual(1);
      }
      if (spec.search.length) {
        const term = String(created![spec.search[0]!]);
        const data = await gql<{ rows: Array<{ id: string }> }>(`query ($filter: JSON) { rows: all${plural}(filter: $filter, perPage: 1000) { id } }`, { filter: { q: term } });
        expect(data.rows.map((row) => row.id)).toContain(created!.id);
      }
    });
  }

  const update = SAMPLES[spec.name]?.update;
  if (spec.update && update) {
    it('updates the record and audits before and after', async () => {
      // Resources staff only edit are updated on a row the schema or the demo data made.
      created ??= (await gql<{ rows: Array<Record<string, unknown>> }>(`{ rows: all${plural}(perPage: 1) { ${selection(spec)} } }`)).rows[0]!;
      const names = Object.keys(update);
      const declarations = ['$id: ID!', ...names.map((name) => `$${name}: ${GRAPHQL_TYPE[spec.fields[name]!.kind]}`)];
      const data = await gql<Record<string, Record<string, unknown>>>(
        `mutation(${declarations.join(', ')}) { updated: update${spec.name}(id: $id, ${names.map((name) => `${name}: $${name}`).join(', ')}) { ${selection(spec)} } }`,
        { id: created!.id, ...update },
      );
      expect(data.updated).toMatchObject(expected(spec, update));
      const audit = await api.db.knex('audit_log').where({ entity: spec.table, entity_id: String(created!.id), action: 'UPDATE' }).orderBy('id', 'desc').first();
      const changed = names[0]!;
      expect(audit.before[changed]).toEqual(created![changed]);
      expect(audit.after[changed]).toEqual(data.updated![changed]);
      expect(audit.actor_user_id).toEqual(expect.any(Number));
    });
  }

  if (spec.create && spec.delete === 'hard') {
    it('deletes the record', async () => {
      await gql(`mutation ($id: ID!) { delete${spec.name}(id: $id) { id } }`, { id: created!.id });
      const res = await api.graphql(`query ($id: ID!) { ${spec.name}(id: $id) { id } }`, { id: created!.id }, staff, GROUP);
      expect(res.body.errors[0].extensions.code).toBe('NOT_FOUND');
    });
  }
});
