import { PUBLIC, type Access } from '../../auth/access';
import { consumeAttempt } from '../../auth/rate-limit';
import type { AppConfig } from '../../config';
import { DomainError, type FieldError } from '../../errors/domain-error';
import type { GraphQLModule } from '../../graphql/graphql-module';
import type { Resolver, ResolverMap } from '../../graphql/schema';
import { ADDRESS_LOOKUP_MESSAGES, type AddressLookup } from './address-lookup';
import { LoqateAddressLookup } from './loqate-address-lookup';

/*
 * The address finder of sign-up's house step, for anyone (a visitor has no account yet): find by postcode
 * or text, open a postcode, retrieve one address. Limited per address like the public quote: each lookup is
 * a paid call to the service.
 */

export const ADDRESS_LOOKUP_LIMIT = { limit: 120, windowMinutes: 10 };
const MAX_LENGTH = 100;

/** The configured adapter, or none (then visitors type their address). */
export function addressLookupFrom(config: AppConfig): AddressLookup | null {
  const service = config.addressLookup;
  if (!service) return null;
  return new LoqateAddressLookup(service.url, service.key, service.sandbox ? `sandbox://${new URL(service.url).host}` : undefined);
}

/** Each field at most 100 characters; `required` (if any) not blank. */
function checkText(fields: Record<string, string | null | undefined>, required: { field: string; message: string } | null): void {
  const errors: FieldError[] = [];
  for (const [field, value] of Object.entries(fields)) {
    if (field === required?.field && !value?.trim()) errors.push({ field, rule: 'required', message: required.message });
    else if ((value ?? '').length > MAX_LENGTH) errors.push({ field, rule: 'maxLength', message: `At most ${MAX_LENGTH} characters` });
  }
  if (errors.length) throw DomainError.invalid(errors);
}

async function lookup(context: { db: Parameters<typeof consumeAttempt>[0]; ip: string | null; config: AppConfig }): Promise<AddressLookup> {
  await consumeAttempt(context.db, { key: `address-lookup:ip:${context.ip ?? 'unknown'}`, ...ADDRESS_LOOKUP_LIMIT });
  const adapter = addressLookupFrom(context.config);
  if (!adapter) throw new DomainError('SERVICE_UNAVAILABLE', ADDRESS_LOOKUP_MESSAGES.unavailable);
  return adapter;
}

export const addressLookupModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    "A candidate of the address finder: an Address to retrieve, or a Postcode or Street to open (findAddress with container)."
    type AddressCandidate {
      id: String!
      type: String!
      text: String!
      description: String!
    }
    "Specification §3: the address lookup result."
    type AddressLookupResult {
      postCode: String!
      streetName: String!
      address2: String
      cityName: String!
      county: String
      valid: Boolean!
    }
    extend type Query {
      "Addresses, postcodes or streets matching a postcode or text (UK); with container, the addresses in a postcode or street"
      findAddress(text: String!, container: String): [AddressCandidate!]!
      "One address found by findAddress; INVALID_PCA_ADDRESS_ID when unknown, SPECIFY_PCA_ADDRESS for a postcode or street"
      retrieveAddress(id: String!): AddressLookupResult!
    }
  `,
  resolvers: {
    Query: {
      findAddress: (async (_parent, { text, container }, context) => {
        // Opening a postcode or street needs no text; a search does.
        checkText({ text, container }, container ? null : { field: 'text', message: ADDRESS_LOOKUP_MESSAGES.textRequired });
        return (await lookup(context)).find(text, container);
      }) satisfies Resolver<{ text: string; container?: string | null }>,
      retrieveAddress: (async (_parent, { id }, context) => {
        checkText({ id }, { field: 'id', message: 'Choose an address' });
        return (await lookup(context)).retrieve(id);
      }) satisfies Resolver<{ id: string }>,
    },
  } satisfies ResolverMap,
  access: { 'Query.findAddress': PUBLIC, 'Query.retrieveAddress': PUBLIC } satisfies Record<string, Access>,
};
