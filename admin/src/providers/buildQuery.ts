import { type IntrospectionField, type IntrospectionInputValue } from 'graphql';
import { parse } from 'graphql';
import { defaultOptions, type BuildQuery, type BuildQueryResult, type IntrospectionResult } from 'ra-data-graphql';
import { CREATE, DELETE, GET_LIST, GET_MANY, GET_MANY_REFERENCE, GET_ONE, UPDATE } from 'react-admin';
import { findResourceSpec, pluralOf } from '@app/api/rules';
import { findObjectType, namedTypeRef, printTypeRef, selectFields } from './graphql-types';

/*
 * Our own buildQuery for the ra-data-graphql-simple grammar (we do not depend on that package):
 *   GET_LIST / GET_MANY / GET_MANY_REFERENCE -> allPosts(page, perPage, sortField, sortOrder, filter)
 *                                               plus _allPostsMeta(filter) { count } aliased "total"
 *   GET_ONE -> Post(id)   CREATE -> createPost(...)   UPDATE -> updatePost(id, ...)   DELETE -> deletePost(id)
 */

// The same operation names as ra-data-graphql-simple (which takes ra-data-graphql's defaults), except that
// catalogue resources use the catalogue's plural (Agencies, Cities), exactly as the API names its lists.
const listName = (resource: { name: string }) => {
  const spec = findResourceSpec(resource.name);
  return spec ? `all${pluralOf(spec)}` : defaultOptions.introspection.operationNames[GET_LIST](resource);
};
export const operationNames = {
  ...defaultOptions.introspection.operationNames,
  [GET_LIST]: listName,
  [GET_MANY]: listName,
  [GET_MANY_REFERENCE]: listName,
};

type Variables = Record<string, unknown>;
type Params = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- react-admin params differ per method
type Resource = IntrospectionResult['resources'][number];

const LIST_METHODS = new Set<string>([GET_LIST, GET_MANY, GET_MANY_REFERENCE]);

// ra-data-graphql stores each matched operation on the resource under the method name.
function operationFor(resource: Resource, raFetchMethod: string): IntrospectionField | undefined {
  return (resource as unknown as Record<string, IntrospectionField | undefined>)[raFetchMethod];
}

function listVariables(params: Params, filter: Variables): Variables {
  return {
    page: params.pagination ? params.pagination.page - 1 : undefined, // the grammar's pages start at 0
    perPage: params.pagination?.perPage,
    sortField: params.sort?.field,
    sortOrder: params.sort?.order,
    filter,
  };
}

// Mutation arguments are filled from the record; relations may arrive as objects
// ({ author: { id } }) while the schema expects authorId / tagsIds.
function mutationVariables(args: readonly IntrospectionInputValue[], data: Params): Variables {
  const variables: Variables = {};
  for (const { name } of args) {
    if (name in data) variables[name] = data[name];
    else if (name.endsWith('Ids') && Array.isArray(data[name.slice(0, -3)]))
      variables[name] = data[name.slice(0, -3)].map((item: { id: unknown }) => item.id);
    else if (name.endsWith('Id') && data[name.slice(0, -2)]?.id !== undefined)
      variables[name] = data[name.slice(0, -2)].id;
  }
  return variables;
}

function buildVariables(raFetchMethod: string, operation: IntrospectionField, params: Params): Variables {
  switch (raFetchMethod) {
    case GET_LIST:
      return listVariables(params, params.filter ?? {});
    case GET_MANY:
      return { filter: { ids: params.ids } };
    case GET_MANY_REFERENCE:
      return listVariables(params, { ...params.filter, [params.target]: params.id });
    case GET_ONE:
    case DELETE:
      return { id: params.id };
    case CREATE:
      return mutationVariables(operation.args, params.data ?? {});
    case UPDATE:
      return mutationVariables(operation.args, { ...params.data, id: params.id });
    default:
      throw new Error(`${raFetchMethod} is not supported by the back-office GraphQL grammar`);
  }
}

// Declares and passes only the variables that the field accepts and that have a value.
function argumentsFor(field: IntrospectionField, variables: Variables) {
  const used = field.args.filter((arg) => variables[arg.name] !== undefined);
  return {
    declarations: used.map((arg) => `$${arg.name}: ${printTypeRef(arg.type)}`),
    call: used.length ? `(${used.map((arg) => `${arg.name}: $${arg.name}`).join(', ')})` : '',
  };
}

// Records come back with __typename and nested { id } objects; react-admin inputs expect
// flat ids (authorId, tagsIds) next to the objects, as ra-data-graphql-simple provides.
function sanitizeRecord(record: Params): Params {
  const result: Params = {};
  for (const [key, value] of Object.entries(record)) {
    if (key === '__typename') continue;
    if (Array.isArray(value) && value.every((item) => item && typeof item === 'object' && 'id' in item)) {
      result[key] = value.map(sanitizeRecord);
      result[`${key}Ids`] = value.map((item) => item.id);
    } else if (value && typeof value === 'object' && 'id' in value) {
      result[key] = sanitizeRecord(value);
      result[`${key}Id`] = value.id;
    } else result[key] = value;
  }
  return result;
}

export function buildQuery(introspection: IntrospectionResult): BuildQuery {
  return (raFetchMethod, resourceName, params: Params): BuildQueryResult => {
    const resource = introspection.resources.find((candidate) => candidate.type.name === resourceName);
    if (!resource) throw new Error(`Unknown resource "${resourceName}": the GraphQL schema does not expose it`);
    const operation = operationFor(resource, raFetchMethod);
    if (!operation) throw new Error(`The GraphQL schema has no ${raFetchMethod} operation for "${resourceName}"`);

    const variables = buildVariables(raFetchMethod, operation, params);
    const args = argumentsFor(operation, variables);
    const returned = findObjectType(introspection.types, namedTypeRef(operation.type).name);
    const selection = returned ? ` { ${selectFields(returned, introspection.types)} }` : '';

    if (LIST_METHODS.has(raFetchMethod)) {
      const meta = introspection.queries.find((query) => query.name === `_${operation.name}Meta`) as
        | IntrospectionField
        | undefined;
      const metaArgs = meta ? argumentsFor(meta, { filter: variables.filter }) : null;
      const total = meta && metaArgs ? ` total: ${meta.name}${metaArgs.call} { count }` : '';
      const declarations = [...new Set([...args.declarations, ...(metaArgs?.declarations ?? [])])];
      const header = declarations.length ? `(${declarations.join(', ')})` : '';
      return {
        query: parse(`query ${operation.name}${header} { items: ${operation.name}${args.call}${selection}${total} }`),
        variables,
        parseResponse: ({ data }) => {
          const records = (data.items as Params[]).map(sanitizeRecord);
          return raFetchMethod === GET_MANY ? { data: records } : { data: records, total: data.total?.count ?? records.length };
        },
      };
    }

    const kind = raFetchMethod === GET_ONE ? 'query' : 'mutation';
    const header = args.declarations.length ? `(${args.declarations.join(', ')})` : '';
    return {
      query: parse(`${kind} ${operation.name}${header} { data: ${operation.name}${args.call}${selection} }`),
      variables,
      parseResponse: ({ data }) => {
        // A delete mutation may return a scalar (e.g. Boolean); react-admin still wants the record.
        if (raFetchMethod === DELETE && (data.data === null || typeof data.data !== 'object')) return { data: { id: params.id } };
        return { data: sanitizeRecord(data.data as Params) };
      },
    };
  };
}
