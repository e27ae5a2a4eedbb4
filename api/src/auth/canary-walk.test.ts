import request from 'supertest';
import { buildASTSchema, getNamedType, isEnumType, isInputObjectType, isListType, isNonNullType, isObjectType, isScalarType, parse, type GraphQLField, type GraphQLInputType, type GraphQLOutputType } from 'graphql';
import { hashPassword } from './password-hashing';
import { typeDefs } from '../graphql/schema';
import { createQueues } from '../jobs/create-queues';
import { QUEUES } from '../jobs/queues';
import { listRestRoutes } from '../rest/rest-route';
import { startApiHarness, type ApiHarness } from '../testing';

/*
 * The canary walk (issue 13): records outside each caller's scope are marked with canary words (group 2's
 * houses, tenants and ledger; a group-1 house no demo caller is linked to; the demo tenant's housemates'
 * ledger; the demo partner's visits), then every GraphQL query of the schema and every REST GET route is
 * called as each demo role, as the other partner's desk and as group-1-only staff, with each foreign record's
 * id in every id argument, asking for every field to depth three. The test fails if any answer carries a canary its caller must not see. Writes are not walked: each
 * mutation's own tests try another caller's ids.
 */

const CANARY = { group2: 'Canarygtwo', otherHouse: 'Canaryother', housemates: 'Canarymate', partnerVisits: 'Canaryvisit', logs: 'Canarylog' } as const;
type Canary = keyof typeof CANARY;

interface Caller {
  name: string;
  token: string;
  /** The canaries it must never see. */
  foreign: Canary[];
}

const schema = buildASTSchema(parse(typeDefs.join('\n')));
const ID_ARGUMENT = /^(id|.*Id)$/;

/** Every scalar field of a type, and its object fields' to `depth` (fields that need arguments left out). */
function selection(type: GraphQLOutputType, depth: number): string {
  const named = getNamedType(type);
  if (!isObjectType(named)) return '';
  const parts: string[] = [];
  for (const field of Object.values(named.getFields()) as Array<GraphQLField<unknown, unknown>>) {
    if (field.args.some((arg) => isNonNullType(arg.type))) continue;
    const inner = getNamedType(field.type);
    if (isScalarType(inner) || isEnumType(inner)) parts.push(field.name);
    else if (depth > 0) {
      const sub = selection(field.type, depth - 1);
      if (sub) parts.push(`${field.name} ${sub}`);
    }
  }
  return parts.length ? `{ ${parts.join(' ')} }` : '';
}

/** A value for an argument: the foreign id in id-like places, the simplest valid value elsewhere (null: leave out). */
function valueFor(name: string, type: GraphQLInputType, foreignId: number, required: boolean): unknown {
  if (isNonNullType(type)) return valueFor(name, type.ofType, foreignId, true);
  if (isListType(type)) {
    const item = valueFor(name, type.ofType, foreignId, true);
    return item === null ? (required ? [] : null) : [item];
  }
  if (isInputObjectType(type)) {
    const fields = Object.values(type.getFields());
    const value: Record<string, unknown> = {};
    for (const field of fields) {
      const inner = valueFor(field.name, field.type, foreignId, isNonNullType(field.type));
      if (inner !== null) value[field.name] = inner;
    }
    return required || Object.keys(value).length ? value : null;
  }
  if (ID_ARGUMENT.test(name) && (type.name === 'ID' || type.name === 'Int')) return type.name === 'ID' ? String(foreignId) : foreignId;
  if (!required) return null;
  if (isEnumType(type)) return type.getValues()[0]!.value;
  switch (type.name) {
    case 'Int':
      return 1;
    case 'Float':
      return 1;
    case 'Boolean':
      return false;
    case 'JSON':
      return {};
    default:
      return ID_ARGUMENT.test(name) ? String(foreignId) : 'x';
  }
}

/** The query for one root field with every argument filled for this foreign id; null when it returns nothing selectable. */
function queryFor(field: GraphQLField<unknown, unknown>, foreignId: number): { query: string; variables: Record<string, unknown> } | null {
  const inner = getNamedType(field.type);
  const sub = isScalarType(inner) || isEnumType(inner) ? '' : selection(field.type, 3);
  if (!sub && isObjectType(inner)) return null;
  const variables: Record<string, unknown> = {};
  const declarations: string[] = [];
  const passed: string[] = [];
  for (const arg of field.args) {
    const value = valueFor(arg.name, arg.type, foreignId, isNonNullType(arg.type));
    if (value === null) continue;
    variables[arg.name] = value;
    declarations.push(`$${arg.name}: ${String(arg.type)}`);
    passed.push(`${arg.name}: $${arg.name}`);
  }
  const head = declarations.length ? `query (${declarations.join(', ')})` : 'query';
  return { query: `${head} { ${field.name}${passed.length ? `(${passed.join(', ')})` : ''} ${sub} }`, variables };
}

describe('the canary walk', () => {
  let api: ApiHarness;
  const callers: Caller[] = [];
  let foreignIds: number[] = [];

  beforeAll(async () => {
    api = await startApiHarness();
    // Routes that enqueue work (a reading request's e-mails) need their queues, as in the running product.
    await createQueues(api.boss, Object.values(QUEUES));
    const knex = api.db.knex;
    const userId = async (email: string) => (await knex('users').where({ email }).first('id')).id as number;
    const tenant = await userId('tenant@demo.test');
    const agent = await userId('agent@demo.test');
    const partner = (await knex('users').where({ email: 'partner@demo.test' }).first('partner_id')).partner_id as number;
    // Ledger rows are never edited: each marked contract gets one more, a £1 additional debit named with the canary.
    const markLedger = async (contracts: typeof knex.queryBuilder extends () => infer Q ? Q : never, canary: string) => {
      const rows: Array<{ id: number; group_id: number }> = await contracts.select('id', 'group_id');
      for (const row of rows) {
        const description = `${canary} entry`;
        const [debit] = await knex('additional_transactions').insert({ group_id: row.group_id, tenant_contract_id: row.id, reference_type: 'DEBIT', amount_pence: 100, description, transaction_date: '2026-11-20' }).returning('id');
        await knex('ledger_entries').insert({ group_id: row.group_id, tenant_contract_id: row.id, entry_date: '2026-11-20', kind: 'ADDITIONAL_DEBIT', amount_pence: 100, description, additional_transaction_id: debit.id });
      }
    };

    // Group 2: its houses, its tenants' names, its ledger.
    await knex('houses').where({ group_id: 2 }).update({ street_name: knex.raw(`'${CANARY.group2} Street ' || id`) });
    await knex('users').whereIn('id', knex('tenant_contracts').where({ group_id: 2 }).select('user_id')).update({ last_name: CANARY.group2 });
    await markLedger(knex('tenant_contracts').where({ group_id: 2 }), CANARY.group2);
    await knex('notifications').insert({ user_id: await userId('group2tenant@demo.test'), title: `${CANARY.group2} statement ready`, message: 'Your statement is ready', type: 'STATEMENT_ISSUED' });

    // A group-1 house none of the demo tenant, agent or partners is linked to.
    const tenantHouses = knex('house_contracts').whereIn('id', knex('tenant_contracts').where({ user_id: tenant }).select('house_contract_id')).select('house_id');
    const agentAgencies = knex('agent_agencies').where({ user_id: agent }).select('agency_id');
    const other = await knex('houses')
      .where({ group_id: 1 })
      .whereNotIn('id', tenantHouses)
      .whereNotIn('id', knex('house_visits').select('house_id'))
      .where((q) => q.whereNull('agency_id').orWhereNotIn('agency_id', agentAgencies))
      .whereExists(knex('house_contracts').whereRaw('house_contracts.house_id = houses.id'))
      .first('id');
    const otherContracts = knex('tenant_contracts').whereIn('house_contract_id', knex('house_contracts').where({ house_id: other.id }).select('id'));
    await knex('houses').where({ id: other.id }).update({ street_name: `${CANARY.otherHouse} Street` });
    await knex('users').whereIn('id', otherContracts.clone().select('user_id')).update({ last_name: CANARY.otherHouse });
    await markLedger(otherContracts.clone(), CANARY.otherHouse);

    // The demo tenant's housemates' ledger (their names are the tenant's to see; their money is not).
    const mates = knex('tenant_contracts')
      .whereIn('house_contract_id', knex('tenant_contracts').where({ user_id: tenant }).select('house_contract_id'))
      .whereNot({ user_id: tenant });
    await markLedger(mates.clone(), CANARY.housemates);

    // The logs hold every group's changes: only staff who work for every group may read them.
    await knex('audit_log').insert({ action: 'UPDATE', entity: 'houses', entity_id: '1', after: JSON.stringify({ streetName: `${CANARY.logs} Street` }) });
    await knex('system_logs').insert({ severity: 'ERROR', message: `${CANARY.logs} error`, source: 'site' });

    // The demo partner's own visits, which the other partner's desk must not see.
    await knex('house_visits').where({ partner_id: partner }).update({ notes: `${CANARY.partnerVisits} notes` });

    // The ids every id argument is tried with: the foreign records themselves.
    const ids = await Promise.all([
      knex('houses').where({ group_id: 2 }).limit(2).pluck('id'),
      knex('tenant_contracts').where({ group_id: 2 }).limit(2).pluck('id'),
      knex('house_contracts').where({ group_id: 2 }).limit(1).pluck('id'),
      knex('ledger_entries').where({ group_id: 2 }).limit(1).pluck('id'),
      knex('bills').where({ group_id: 2 }).limit(1).pluck('id'),
      knex('users').where({ email: 'group2tenant@demo.test' }).pluck('id'),
      [other.id as number],
      otherContracts.clone().limit(2).pluck('id'),
      mates.clone().limit(2).pluck('id'),
      mates.clone().limit(1).pluck('user_id'),
      knex('house_visits').where({ partner_id: partner }).limit(1).pluck('id'),
    ]);
    foreignIds = [...new Set(ids.flat().map(Number))];

    const [role] = await knex('backoffice_roles').where({ name: 'Administrator' }).select('id');
    await knex('users').insert({ email: 'group1only@demo.test', first_name: 'Ffion', last_name: 'Lloyd', role: 'backoffice', backoffice_role_id: role.id, all_groups: false, password_hash: await hashPassword('Demo1234'), confirmed_at: knex.fn.now() });
    await knex('backoffice_user_groups').insert({ user_id: await userId('group1only@demo.test'), group_id: 1 });

    const everyoneElse: Canary[] = ['group2', 'otherHouse', 'housemates', 'partnerVisits', 'logs'];
    for (const [name, foreign] of [
      ['tenant', everyoneElse],
      ['agent', everyoneElse],
      ['partner', ['group2', 'otherHouse', 'housemates', 'logs']],
      ['partner2', everyoneElse],
      ['readonly', ['group2']],
      ['staff', ['group2']],
      ['group1only', ['group2', 'logs']],
    ] as const) {
      callers.push({ name, token: await api.signIn(`${name}@demo.test`), foreign: [...foreign] });
    }
  });
  afterAll(() => api.stop());

  const leaksIn = (caller: Caller, body: string): Canary[] => caller.foreign.filter((canary) => body.includes(CANARY[canary]));

  it('finds no foreign canary in any query answer, for any caller and any foreign id', async () => {
    const roots = Object.values(schema.getQueryType()!.getFields()) as Array<GraphQLField<unknown, unknown>>;
    const leaks: string[] = [];
    let calls = 0;
    let answered = 0;
    for (const field of roots) {
      if (field.name === '_empty' || field.name.startsWith('__')) continue;
      const takesIds = field.args.some(function idLike(arg): boolean {
        return ID_ARGUMENT.test(arg.name) || (isInputObjectType(getNamedType(arg.type)) && Object.values((getNamedType(arg.type) as never as { getFields(): Record<string, { name: string }> }).getFields()).some((f) => ID_ARGUMENT.test(f.name)));
      });
      for (const foreignId of takesIds ? foreignIds : [0]) {
        const built = queryFor(field, foreignId);
        if (!built) continue;
        for (const caller of callers) {
          calls += 1;
          const res = await api.graphql(built.query, built.variables, caller.token, { 'X-Group-ID': '1' });
          if (res.body?.data?.[field.name] != null) answered += 1;
          const found = leaksIn(caller, JSON.stringify(res.body));
          if (found.length) leaks.push(`${caller.name} ${field.name}(${foreignId}): ${found.join(', ')}`);
        }
      }
    }
    console.log(`canary walk, GraphQL: ${roots.length} queries × ${callers.length} callers × ${foreignIds.length} foreign ids where ids are taken: ${calls} calls, ${answered} answered with data, ${leaks.length} leaks`);
    expect(leaks).toEqual([]);
    // The walk reaches real data, not only refusals (a broken query builder would pass vacuously).
    expect(answered).toBeGreaterThan(100);
  }, 600_000);

  it('finds no foreign canary in any REST GET answer, for any caller and any foreign id', async () => {
    const routes = listRestRoutes().filter((route) => route.method === 'GET');
    const leaks: string[] = [];
    let calls = 0;
    for (const route of routes) {
      const params = route.path.match(/:[A-Za-z]+/g) ?? [];
      for (const foreignId of params.length ? foreignIds : [0]) {
        const path = params.reduce((filled, param) => filled.replace(param, String(foreignId)), route.path);
        for (const caller of callers) {
          calls += 1;
          const res = await request(api.app.express).get(`/api/v2${path}`).set({ Authorization: `Bearer ${caller.token}`, 'X-Group-ID': '1' }).buffer(true);
          const body = typeof res.text === 'string' ? res.text : '';
          const found = leaksIn(caller, body);
          if (found.length) leaks.push(`${caller.name} GET ${path}: ${found.join(', ')}`);
        }
      }
    }
    console.log(`canary walk, REST: ${routes.length} GET routes, ${calls} calls, ${leaks.length} leaks`);
    expect(leaks).toEqual([]);
  });
});
