import { CATALOGUE, pluralOf, type ResourceSpec } from '../../rules';
import { startApiHarness, type ApiHarness } from '../../testing';
import { GRAPHQL_TYPE } from './records.graphql';

/*
 * What the API stores it must accept back: every demo record of every resource staff edit, loaded and saved
 * unchanged (as an edit form does), succeeds. A normaliser whose output fails its own rule (a phone stored
 * as +447700900104 refused by the phone rule) fails here.
 */

let api: ApiHarness;
let staff: string;
let saved = 0;

beforeAll(async () => {
  api = await startApiHarness();
  staff = await api.signIn('staff@demo.test');
});
afterAll(async () => {
  console.log(`round trip: ${saved} demo records saved back unchanged`);
  await api.stop();
});

const editable = (spec: ResourceSpec) => Object.entries(spec.fields).filter(([, field]) => !field.readOnly && !field.createOnly).map(([name]) => name);

describe.each(CATALOGUE.filter((spec) => spec.update && editable(spec).length).map((spec) => [spec.name, spec] as const))('%s', (_name, spec) => {
  it.each(['1', '2'])('saves every demo record of group %s back unchanged', async (group) => {
    const names = editable(spec);
    const headers = { 'X-Group-ID': group };
    const list = await api.graphql(`{ rows: all${pluralOf(spec)}(perPage: 1000) { id ${names.join(' ')} } }`, {}, staff, headers);
    expect(list.body.errors).toBeUndefined();
    const refused: string[] = [];
    for (const row of list.body.data.rows as Array<Record<string, unknown>>) {
      const declarations = ['$id: ID!', ...names.map((name) => `$${name}: ${GRAPHQL_TYPE[spec.fields[name]!.kind]}`)];
      const res = await api.graphql(
        `mutation(${declarations.join(', ')}) { saved: update${spec.name}(id: $id, ${names.map((name) => `${name}: $${name}`).join(', ')}) { id } }`,
        row,
        staff,
        headers,
      );
      const error = res.body.errors?.[0];
      // An issued financial record is never edited: its refusal is the rule, not a broken round trip.
      if (error && !(spec.lockedWhen && error.extensions.code === 'CONFLICT')) refused.push(`${String(row.id)}: ${error.message}`);
      if (!error) saved++;
    }
    expect(refused).toEqual([]);
  });
});
