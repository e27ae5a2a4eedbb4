import type { GraphQLModule } from '../../graphql/graphql-module';
import { backoffice, backofficeRead, type Access } from '../../auth/access';
import { LIST_ARGUMENTS, type ListArgs } from '../../graphql/list-query';
import type { Resolver, ResolverMap } from '../../graphql/schema';
import { CATALOGUE, pluralOf, type FieldKind, type ResourceSpec } from '../../rules';
import { countRecords, createRecord, deleteRecord, getRecord, listRecords, updateRecord, type RecordRequest } from './records.service';

/*
 * Every catalogue resource over GraphQL in the grammar react-admin's GraphQL providers speak:
 * allXs / _allXsMeta / X(id) / createX / updateX(id) / deleteX(id) (delete only where the catalogue allows).
 */

export const GRAPHQL_TYPE: Record<FieldKind, string> = {
  string: 'String',
  text: 'String',
  int: 'Int',
  decimal: 'Float',
  money: 'Int',
  date: 'String',
  datetime: 'String',
  boolean: 'Boolean',
  enum: 'String',
  ref: 'ID',
  json: 'JSON',
};

function describe(spec: ResourceSpec, name: string): string {
  const field = spec.fields[name]!;
  const notes = [
    field.kind === 'money' ? 'pence' : null,
    field.kind === 'date' ? 'YYYY-MM-DD' : null,
    field.values ? `one of ${field.values.join(', ')}` : null,
    field.ref ? `id of a ${field.ref}` : null,
    field.help ?? null,
  ].filter(Boolean);
  return notes.length ? `  ${JSON.stringify(notes.join('; '))}\n` : '';
}

const writable = (spec: ResourceSpec, mode: 'create' | 'update') =>
  Object.entries(spec.fields).filter(([, field]) => !field.readOnly && !(mode === 'update' && field.createOnly));

function typeDefsOf(spec: ResourceSpec): string {
  const plural = pluralOf(spec);
  const fields = Object.entries(spec.fields)
    .map(([name, field]) => `${describe(spec, name)}  ${name}: ${name === 'id' ? 'ID!' : GRAPHQL_TYPE[field.kind]}`)
    .join('\n');
  const args = (mode: 'create' | 'update') => writable(spec, mode).map(([name, field]) => `${name}: ${GRAPHQL_TYPE[field.kind]}`);
  const mutations = [
    spec.create ? `create${spec.name}(${args('create').join(', ')}): ${spec.name}!` : null,
    spec.update ? `update${spec.name}(${['id: ID!', ...args('update')].join(', ')}): ${spec.name}!` : null,
    spec.delete === 'hard' ? `delete${spec.name}(id: ID!): ${spec.name}!` : null,
  ].filter(Boolean);
  return `
  "${spec.label}"
  type ${spec.name} {
${fields}
  }
  extend type Query {
    all${plural}(${LIST_ARGUMENTS}): [${spec.name}!]!
    _all${plural}Meta(${LIST_ARGUMENTS}): ListMetadata!
    ${spec.name}(id: ID!): ${spec.name}!
  }
  ${mutations.length ? `extend type Mutation {\n    ${mutations.join('\n    ')}\n  }` : ''}`;
}

export const recordsTypeDefs = CATALOGUE.map(typeDefsOf).join('\n');

const request = ({ db, user, groupId }: Parameters<Resolver>[2]): RecordRequest => ({ db, user: user!, groupId });
type IdArgs = { id: string } & Record<string, unknown>;
const withoutId = ({ id: _id, ...rest }: IdArgs) => rest;

export const recordsResolvers: ResolverMap = { Query: {}, Mutation: {} };
for (const spec of CATALOGUE) {
  const plural = pluralOf(spec);
  Object.assign(recordsResolvers.Query!, {
    [`all${plural}`]: ((_p, args: ListArgs, context) => listRecords(request(context), spec, args)) satisfies Resolver<ListArgs>,
    [`_all${plural}Meta`]: ((_p, args: ListArgs, context) => countRecords(request(context), spec, args)) satisfies Resolver<ListArgs>,
    [spec.name]: ((_p, { id }: IdArgs, context) => getRecord(request(context), spec, id)) satisfies Resolver<IdArgs>,
  });
  if (spec.create) recordsResolvers.Mutation![`create${spec.name}`] = ((_p, args: Record<string, unknown>, context) => createRecord(request(context), spec, args)) satisfies Resolver<Record<string, unknown>>;
  if (spec.update) recordsResolvers.Mutation![`update${spec.name}`] = ((_p, args: IdArgs, context) => updateRecord(request(context), spec, args.id, withoutId(args))) satisfies Resolver<IdArgs>;
  if (spec.delete === 'hard') recordsResolvers.Mutation![`delete${spec.name}`] = ((_p, { id }: IdArgs, context) => deleteRecord(request(context), spec, id)) satisfies Resolver<IdArgs>;
}

/** Reads need READ on the resource's area; writes need WRITE and the resource's named permission. */
export function recordsOperationAccess(): Record<string, Access> {
  const access: Record<string, Access> = {};
  for (const spec of CATALOGUE) {
    const plural = pluralOf(spec);
    const read = backofficeRead(spec.area, spec.readAlsoWith);
    access[`Query.all${plural}`] = read;
    access[`Query._all${plural}Meta`] = read;
    access[`Query.${spec.name}`] = read;
    if (spec.create) access[`Mutation.create${spec.name}`] = backoffice(spec.area, 'WRITE', spec.writeKey);
    if (spec.update) access[`Mutation.update${spec.name}`] = backoffice(spec.area, 'WRITE', spec.writeKey);
    if (spec.delete === 'hard') access[`Mutation.delete${spec.name}`] = backoffice(spec.area, 'WRITE', spec.deleteKey ?? spec.writeKey);
  }
  return access;
}

export const recordsModule: GraphQLModule = { typeDefs: recordsTypeDefs, resolvers: recordsResolvers, access: recordsOperationAccess() };
