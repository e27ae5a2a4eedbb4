import { graphqlRequest } from '@app/api/client';

/** A refused back-office action: the message to show, and each field's message (shown under that input). */
export class ActionError extends Error {
  constructor(
    message: string,
    readonly fields: Readonly<Record<string, string>>,
  ) {
    super(message);
  }
}

/**
 * A back-office action's GraphQL call outside the data provider (bill runs, statements, rebates, finance,
 * usage reports): the answer's data, or an ActionError. Bad input reads as its fields' own messages ("The
 * period must end on or after its start"); any other refusal as the server's message, which carries the
 * specification's wording ("Bill void error: …").
 */
export async function callGraphql<T>(query: string, variables: Record<string, unknown>, groupId: number): Promise<T> {
  const answer = await graphqlRequest<T>(query, variables, groupId);
  if (!answer.errors.length && answer.data) return answer.data;
  const first = answer.errors[0];
  const fields: Record<string, string> = Object.fromEntries((first?.extensions?.fields ?? []).map((field) => [field.field, field.message]));
  const fieldText = Object.values(fields).join('; ');
  const message = (first?.extensions?.code === 'BAD_USER_INPUT' && fieldText) || first?.message || fieldText || `HTTP ${answer.status}`;
  throw new ActionError(message, fields);
}
