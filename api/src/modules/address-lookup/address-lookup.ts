/*
 * Finding a UK address by postcode or text (specification §3 address lookup result, §7 address service):
 * `find` lists candidates — addresses, or a postcode or street to open with `find(…, container)` — and
 * `retrieve` gives one address in the shape the product stores. The adapter is chosen by configuration:
 * the real service, or the local sandbox that speaks its protocol (see sandboxes/address-lookup).
 */

export interface AddressCandidate {
  /** What to retrieve (an address) or to open as a container (a postcode or street). */
  id: string;
  /** Address, Postcode, Street… as the service names it: only an Address can be retrieved. */
  type: string;
  text: string;
  description: string;
}

/** Specification §3: the address lookup result. */
export interface AddressLookupResult {
  postCode: string;
  streetName: string;
  address2: string | null;
  cityName: string;
  county: string | null;
  valid: boolean;
}

export interface AddressLookup {
  /** Printed at start: which service answers. */
  readonly description: string;
  find(text: string, container?: string | null): Promise<AddressCandidate[]>;
  retrieve(id: string): Promise<AddressLookupResult>;
}

export const ADDRESS_LOOKUP_MESSAGES = {
  invalidId: 'We could not find that address: choose it from the list again, or enter it yourself.',
  specify: 'That is a postcode or a street: choose your address from the list.',
  unavailable: 'The address finder is not answering just now: please enter your address yourself.',
  textRequired: 'Enter a postcode or the first line of the address',
} as const;
