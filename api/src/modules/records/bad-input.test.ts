import { SAMPLES, type SampleContext } from '@app/fixtures';
import { CATALOGUE, londonDate, pluralOf, type FieldSpec, type ResourceSpec } from '../../rules';
import { startApiHarness, type ApiHarness } from '../../testing';
import { GRAPHQL_TYPE } from './records.graphql';

/*
 * A careless user and an attacker at once: every create and update mutation the catalogue generates, and
 * every list filter, gets a battery of bad values in each field in turn (the rest of the input valid). Each
 * answer must be a clean refusal (BAD_USER_INPUT naming the field, CONFLICT, NOT_FOUND) or a legitimate
 * success, never INTERNAL_SERVER_ERROR: nothing reaches SQL that the column cannot hold.
 */

let api: ApiHarness;
let staff: string;
const GROUP = { 'X-Group-ID': '1' };
let counter = 0;
let tried = 0;
const failures: string[] = [];

const BATTERY: readonly unknown[] = [
  '',
  '   ',
  'x'.repeat(10_000),
  'a\u0000b',
  'line\u0007bell',
  'tab\tand\nline',
  "'; DROP TABLE users; --",
  "Robert'); SELECT pg_sleep(1); --",
  '😀🏠 émoji',
  '\ud800',
  '2024-02-30',
  '2024-13-01',
  '99999-01-01',
  '2026-01-01T25:61:00Z',
  'NOT_A_VALUE',
  '99999999999',
  '-1',
  '0',
  'abc',
  0,
  -1,
  1.5,
  2_147_483_647,
  2_147_483_648,
  -2_147_483_649,
  1e20,
  -1e20,
  true,
  { nested: 'object' },
  ['a', 'list'],
  null,
];

const CLEAN = new Set(['BAD_USER_INPUT', 'CONFLICT', 'NOT_FOUND', 'GRAPHQL_VALIDATION_FAILED', 'FORBIDDEN', 'LOGIN_REFUSED', 'PAYLOAD_TOO_LARGE']);

/** Records an answer that is neither a success nor a clean refusal. */
function judge(label: string, status: number, body: { errors?: Array<{ message: string; extensions?: { code?: string; fields?: unknown } }> }) {
  tried++;
  if (status >= 500) failures.push(`${label}: HTTP ${status} ${JSON.stringify(body).slice(0, 300)}`);
  for (const error of body.errors ?? []) {
    const code = error.extensions?.code ?? '';
    if (!CLEAN.has(code)) failures.push(`${label}: ${code} ${error.message.slice(0, 200)}`);
  }
}

async function gql<T = Record<string, unknown>>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await api.graphql(query, variables, staff, GROUP);
  if (res.body.errors) throw new Error(`${query.split('(')[0]}: ${JSON.stringify(res.body.errors)}`);
  return res.body.data as T;
}

const declare = (spec: ResourceSpec, names: string[]) => names.map((name) => `$${name}: ${GRAPHQL_TYPE[spec.fields[name]!.kind]}`);

function createMutation(spec: ResourceSpec, names: string[]): string {
  const declarations = declare(spec, names);
  return `mutation${declarations.length ? `(${declarations.join(', ')})` : ''} { created: create${spec.name}${names.length ? `(${names.map((name) => `${name}: $${name}`).join(', ')})` : ''} { id } }`;
}

const context: SampleContext = {
  today: londonDate(new Date()),
  unique: () => ++counter,
  async create(resource, overrides = {}) {
    const spec = CATALOGUE.find((candidate) => candidate.name === resource)!;
    const input = { ...(await SAMPLES[resource]!.create!(context)), ...overrides };
    const data = await gql<{ created: { id: string } }>(createMutation(spec, Object.keys(input)), input);
    return String(data.created.id);
  },
};

const writable = (spec: ResourceSpec, mode: 'create' | 'update'): Array<[string, FieldSpec]> =>
  Object.entries(spec.fields).filter(([, field]) => !field.readOnly && !(mode === 'update' && field.createOnly));

/** Sends the same value to many requests a few at a time (the machine is shared). */
async function inBatches<T>(items: T[], send: (item: T) => Promise<void>, size = 4): Promise<void> {
  for (let start = 0; start < items.length; start += size) await Promise.all(items.slice(start, start + size).map(send));
}

beforeAll(async () => {
  api = await startApiHarness();
  staff = await api.signIn('staff@demo.test');
});
afterAll(async () => {
  console.log(`bad-input battery: ${tried} inputs tried, ${failures.length} unclean answers`);
  await api.stop();
});

describe.each(CATALOGUE.map((spec) => [spec.name, spec] as const))('%s', (_name, spec) => {
  const plural = pluralOf(spec);

  if (spec.create && SAMPLES[spec.name]?.create) {
    it('create refuses every bad value cleanly', async () => {
      const sample = await SAMPLES[spec.name]!.create!(context);
      const cases = writable(spec, 'create').flatMap(([name]) => BATTERY.map((value) => ({ name, value })));
      await inBatches(cases, async ({ name, value }) => {
        const input = { ...sample, [name]: value };
        const res = await api.graphql(createMutation(spec, Object.keys(input)), input, staff, GROUP);
        judge(`create${spec.name}.${name}=${JSON.stringify(value)?.slice(0, 40)}`, res.status, res.body);
      });
      expect(failures.filter((failure) => failure.startsWith(`create${spec.name}.`))).toEqual([]);
    });
  }

  if (spec.update) {
    it('update refuses every bad value and bad id cleanly', async () => {
      const row = (await gql<{ rows: Array<{ id: string }> }>(`{ rows: all${plural}(perPage: 1) { id } }`)).rows[0];
      const fields = writable(spec, 'update');
      const cases = [
        ...fields.flatMap(([name]) => BATTERY.map((value) => ({ id: row?.id ?? '1', name, value }))),
        ...['99999999999', '-1', '0', 'abc', '1e3', '2147483648'].map((id) => ({ id, name: fields[0]?.[0], value: undefined })),
      ];
      await inBatches(cases, async ({ id, name, value }) => {
        const names = name && value !== undefined ? [name] : [];
        const declarations = ['$id: ID!', ...declare(spec, names)];
        const query = `mutation(${declarations.join(', ')}) { updated: update${spec.name}(id: $id${names.map((each) => `, ${each}: $${each}`).join('')}) { id } }`;
        const res = await api.graphql(query, { id, ...(names.length ? { [name!]: value } : {}) }, staff, GROUP);
        judge(`update${spec.name}(${id}).${name}=${JSON.stringify(value)?.slice(0, 40)}`, res.status, res.body);
      });
      expect(failures.filter((failure) => failure.startsWith(`update${spec.name}(`))).toEqual([]);
    });
  }

  it('lists refuse every bad filter value cleanly', async () => {
    const filterable = Object.entries(spec.fields)
      .filter(([name, field]) => name === 'id' || field.filter || field.kind === 'ref')
      .flatMap(([name, field]) => (field.filter === 'range' ? [`${name}_gte`, `${name}_lte`] : [name, `${name}_in`]));
    const cases = [...filterable, 'ids', 'q', 'noSuchField'].flatMap((key) => BATTERY.map((value) => ({ key, value })));
    await inBatches(cases, async ({ key, value }) => {
      const res = await api.graphql(`query ($filter: JSON) { rows: all${plural}(filter: $filter, perPage: 1) { id } meta: _all${plural}Meta(filter: $filter) { count } }`, { filter: { [key]: value } }, staff, GROUP);
      judge(`all${plural}.filter.${key}=${JSON.stringify(value)?.slice(0, 40)}`, res.status, res.body);
    });
    expect(failures.filter((failure) => failure.startsWith(`all${plural}.`))).toEqual([]);
  });
});

describe('REST routes with a body', () => {
  const routes = [
    { path: '/api/v2/log', fields: ['message', 'severity', 'options'], base: { message: 'm', severity: 'INFO', options: {} } },
    { path: '/api/v2/page-views', fields: ['path'], base: { path: '/' } },
    { path: '/api/v2/auth/google', fields: ['code', 'state', 'nonce', 'redirectUri'], base: {} },
  ];

  it.each(routes.map((route) => [route.path, route] as const))('%s refuses every bad value cleanly', async (path, route) => {
    const request = (await import('supertest')).default;
    const cases = route.fields.flatMap((field) => BATTERY.map((value) => ({ field, value })));
    await inBatches(cases, async ({ field, value }) => {
      const res = await request(api.app.express).post(path).send({ ...route.base, [field]: value });
      judge(`POST ${path}.${field}=${JSON.stringify(value)?.slice(0, 40)}`, res.status, res.body.error ? { errors: [{ message: res.body.error.message, extensions: { code: res.body.error.code } }] } : res.body);
    });
    for (const raw of ['not json', '{"path": "/\\u0000"}', '[1,2]', 'null']) {
      const res = await request(api.app.express).post(path).set('Content-Type', 'application/json').send(raw);
      judge(`POST ${path} raw ${raw}`, res.status, res.body.error ? { errors: [{ message: res.body.error.message, extensions: { code: res.body.error.code } }] } : res.body);
    }
    expect(failures.filter((failure) => failure.startsWith(`POST ${path}`))).toEqual([]);
  });
});
