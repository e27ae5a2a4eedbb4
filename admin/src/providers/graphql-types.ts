import {
  type IntrospectionField,
  type IntrospectionInputValue,
  type IntrospectionNamedTypeRef,
  type IntrospectionObjectType,
  type IntrospectionType,
  type IntrospectionTypeRef,
} from 'graphql';

// Helpers over the introspection result, used to write queries that match the schema.

// Prints a type reference the way it is written in a variable declaration, e.g. "[ID!]!".
export function printTypeRef(ref: IntrospectionTypeRef): string {
  if (ref.kind === 'NON_NULL') return `${printTypeRef(ref.ofType)}!`;
  if (ref.kind === 'LIST') return `[${printTypeRef(ref.ofType)}]`;
  return ref.name;
}

// Strips list and non-null wrappers: "[Post!]!" -> Post.
export function namedTypeRef(ref: IntrospectionTypeRef): IntrospectionNamedTypeRef {
  let current = ref;
  while (current.kind === 'NON_NULL' || current.kind === 'LIST') current = current.ofType;
  return current;
}

export function findObjectType(types: readonly IntrospectionType[], name: string): IntrospectionObjectType | undefined {
  const type = types.find((candidate) => candidate.name === name);
  return type?.kind === 'OBJECT' ? type : undefined;
}

const isQueryable = (field: IntrospectionField) =>
  !field.name.startsWith('_') && field.args.every((arg: IntrospectionInputValue) => arg.type.kind !== 'NON_NULL');

// Selection set for a record: every scalar/enum field, and only the id of related records
// (react-admin loads those through references, so deeper nesting would be wasted work).
export function selectFields(type: IntrospectionObjectType, types: readonly IntrospectionType[]): string {
  const selections = type.fields.filter(isQueryable).flatMap((field) => {
    const named = namedTypeRef(field.type);
    if (named.kind === 'SCALAR' || named.kind === 'ENUM') return [field.name];
    const related = findObjectType(types, named.name);
    return related?.fields.some((f) => f.name === 'id') ? [`${field.name} { id }`] : [];
  });
  return selections.join(' ');
}
