import { getIntrospectionQuery } from 'graphql';
import request from 'supertest';
import { CATALOGUE, pluralOf } from '../rules';
import { startApiHarness, type ApiHarness } from '../testing';
import { OPERATION_LIMITS, QUERY_TOO_COMPLEX } from './operation-limits';

/*
 * One anonymous request of 35,000 aliases once held the API for 9 s and every other caller with it. The
 * alias, depth, token, directive and size attacks are now refused while the operation is parsed and
 * validated, before any resolver or query runs, with their own code; the real operations of the site and back
 * office pass. (How fast is the bench's to say; the bound here only catches a return of the 9 s.)
 */

/** A refusal slower than this means the operation was worked on, not refused on sight, even on a loaded machine. */
const REFUSED_ON_SIGHT_MS = 1_000;

let api: ApiHarness;
let staff: string;

beforeAll(async () => {
  api = await startApiHarness();
  staff = await api.signIn('staff@demo.test');
});
afterAll(() => api.stop());

const aliases = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: getSystemCurrentDate`).join(' ')} }`;
const deep = (n: number) => `{ ${'a { '.repeat(n)}b${' }'.repeat(n)} }`;
const directives = (n: number) => `{ getSystemCurrentDate ${'@include(if: true) '.repeat(n)} }`;

async function timed(send: () => request.Test): Promise<{ ms: number; res: request.Response }> {
  const started = performance.now();
  const res = await send();
  return { ms: performance.now() - started, res };
}

/** The quickest of a few tries: the machine is shared with other test runs, whose load is not ours. */
async function quickest<T extends { ms: number }>(tries: number, run: () => Promise<T>): Promise<T> {
  let best: T | null = null;
  for (let i = 0; i < tries; i++) {
    const result = await run();
    if (!best || result.ms < best.ms) best = result;
  }
  return best!;
}

it.each([
  { what: 'aliases', query: aliases(OPERATION_LIMITS.aliases + 1) },
  { what: 'aliases within the token limit', query: aliases(400) },
  { what: 'levels of depth', query: deep(OPERATION_LIMITS.depth + 5) },
  { what: 'directives', query: directives(OPERATION_LIMITS.directives + 1) },
  { what: 'tokens', query: `{ ${'getSystemCurrentDate '.repeat(OPERATION_LIMITS.tokens + 1)} }` },
])('refuses too many $what before running anything', async ({ query }) => {
  await api.graphql('{ getSystemCurrentDate }'); // warm
  const statements: string[] = [];
  const listener = (statement: { sql: string }) => statements.push(statement.sql);
  api.db.knex.on('query', listener);
  const { ms, res } = await quickest(3, () => timed(() => api.graphql(query))).finally(() => api.db.knex.removeListener('query', listener));
  const codes = (res.body.errors as Array<{ extensions: { code: string } }>).map((error) => error.extensions.code);
  expect(codes).toContain(QUERY_TOO_COMPLEX);
  // Not one resolver ran: getSystemCurrentDate would have read the settings.
  expect(statements.filter((sql) => /system_settings/.test(sql))).toEqual([]);
  expect(ms).toBeLessThan(REFUSED_ON_SIGHT_MS);
});

it('refuses an operation body over 100 kB before parsing it (35,000 aliases)', async () => {
  const { ms, res } = await quickest(5, () => timed(() => api.graphql(aliases(35_000))));
  expect(res.status).toBe(413);
  expect(res.body.error.code).toBe('PAYLOAD_TOO_LARGE');
  expect(ms).toBeLessThan(REFUSED_ON_SIGHT_MS);
});

it('does not delay an unrelated request by more than 100 ms while attacked', async () => {
  const config = () => timed(() => request(api.app.express).get('/api/v2/config'));
  await config();
  const alone = (await quickest(3, config)).ms;
  const underAttack = async () => {
    const attacks = Array.from({ length: 4 }, (_, i) => api.graphql(i % 2 ? aliases(35_000) : aliases(400)));
    const during = config();
    await Promise.all(attacks);
    return during;
  };
  const { ms, res } = await quickest(3, underAttack);
  expect(res.status).toBe(200);
  console.log(`GET /api/v2/config alone ${alone.toFixed(1)} ms, during 4 concurrent attacks ${ms.toFixed(1)} ms`);
  expect(ms - alone).toBeLessThan(100);
});

it('answers the real operations: the back office introspection and every list with all its fields', async () => {
  const introspection = await api.graphql(getIntrospectionQuery({ descriptions: true }), {}, staff);
  expect(introspection.body.errors).toBeUndefined();
  for (const spec of CATALOGUE) {
    const query = `query ($filter: JSON) { items: all${pluralOf(spec)}(page: 0, perPage: 25, sortField: "id", sortOrder: "ASC", filter: $filter) { ${Object.keys(spec.fields).join(' ')} } total: _all${pluralOf(spec)}Meta(filter: $filter) { count } }`;
    const res = await api.graphql(query, { filter: {} }, staff, { 'X-Group-ID': '1' });
    expect({ spec: spec.name, errors: res.body.errors }).toEqual({ spec: spec.name, errors: undefined });
  }
});

describe('in production', () => {
  let production: ApiHarness;
  beforeAll(async () => {
    production = await startApiHarness({ NODE_ENV: 'production' }, { demoData: false });
  });
  afterAll(() => production.stop());

  it('refuses introspection to an anonymous caller', async () => {
    const res = await production.graphql('{ __schema { queryType { name } } }');
    expect(res.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const typed = await production.graphql('{ __type(name: "Query") { name } }');
    expect(typed.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect((await production.graphql('{ getSystemCurrentDate }')).body.errors).toBeUndefined();
  });
});

it('lets anyone introspect outside production (developer tools)', async () => {
  const res = await api.graphql('{ __schema { queryType { name } } }');
  expect(res.body.data.__schema.queryType.name).toBe('Query');
});
