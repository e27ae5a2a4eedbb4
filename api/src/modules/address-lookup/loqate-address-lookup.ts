import { DomainError } from '../../errors/domain-error';
import { componentLogger } from '../../observability/logger';
import { ADDRESS_LOOKUP_MESSAGES, type AddressCandidate, type AddressLookup, type AddressLookupResult } from './address-lookup';

/** How long a visitor waits for the address finder before being asked to type the address. */
const TIMEOUT_MS = 5_000;
/** An address id of the service (Royal Mail's file); container ids (postcodes, streets) look like GB|RM|ENG|…. */
const ADDRESS_ID = /^GB\|RM\|[AB]\|\d+$/;
const CONTAINER_ID = /^GB\|RM\|ENG\|/;

type Item = Record<string, string | undefined>;

/**
 * The address service's Find (v1.10) and Retrieve (v1.2) over HTTPS (Loqate Capture; `baseUrl` is the
 * local sandbox when no key is configured). Its error items become the product's codes: an unknown id
 * INVALID_PCA_ADDRESS_ID, a postcode or street where an address is needed SPECIFY_PCA_ADDRESS; a service that
 * does not answer, or refuses the key, SERVICE_UNAVAILABLE (the visitor types the address instead).
 */
export class LoqateAddressLookup implements AddressLookup {
  readonly description: string;

  constructor(
    private readonly baseUrl: string,
    private readonly key: string,
    description?: string,
  ) {
    this.description = description ?? new URL(baseUrl).host;
  }

  private async call(path: string, params: Record<string, string>): Promise<Item[]> {
    const url = new URL(path, this.baseUrl);
    for (const [name, value] of Object.entries({ Key: this.key, ...params })) url.searchParams.set(name, value);
    let body: { Items?: Item[] };
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      body = (await response.json()) as { Items?: Item[] };
    } catch (error) {
      componentLogger('address-lookup').error(`${url.pathname} failed: ${(error as Error).message}`);
      throw new DomainError('SERVICE_UNAVAILABLE', ADDRESS_LOOKUP_MESSAGES.unavailable);
    }
    const items = body.Items ?? [];
    const failure = items.find((item) => item.Error !== undefined);
    if (failure) {
      if (path.includes('/Retrieve/') && failure.Error === '1001') throw new DomainError('INVALID_PCA_ADDRESS_ID', ADDRESS_LOOKUP_MESSAGES.invalidId);
      if (failure.Error === '1001') throw DomainError.invalid([{ field: 'text', rule: 'required', message: ADDRESS_LOOKUP_MESSAGES.textRequired }]);
      // The key, the account or the service: nothing the visitor can change.
      componentLogger('address-lookup').error(`error ${failure.Error}: ${failure.Description}`);
      throw new DomainError('SERVICE_UNAVAILABLE', ADDRESS_LOOKUP_MESSAGES.unavailable);
    }
    return items;
  }

  async find(text: string, container?: string | null): Promise<AddressCandidate[]> {
    const items = await this.call('/Capture/Interactive/Find/v1.10/json3.ws', { Text: text, Container: container ?? '', Countries: 'GB', Limit: '30', Language: 'en-gb' });
    return items.map((item) => ({ id: item.Id ?? '', type: item.Type ?? '', text: item.Text ?? '', description: item.Description ?? '' }));
  }

  async retrieve(id: string): Promise<AddressLookupResult> {
    if (CONTAINER_ID.test(id)) throw new DomainError('SPECIFY_PCA_ADDRESS', ADDRESS_LOOKUP_MESSAGES.specify);
    if (!ADDRESS_ID.test(id)) throw new DomainError('INVALID_PCA_ADDRESS_ID', ADDRESS_LOOKUP_MESSAGES.invalidId);
    const [item] = await this.call('/Capture/Interactive/Retrieve/v1.2/json3.ws', { Id: id });
    if (!item?.PostalCode || !item.Line1) throw new DomainError('INVALID_PCA_ADDRESS_ID', ADDRESS_LOOKUP_MESSAGES.invalidId);
    return toLookupResult(item);
  }
}

/** The service's address as the product stores one: first line as the street, the rest as address2. */
export function toLookupResult(item: Item): AddressLookupResult {
  const lines = [item.Line1, item.Line2, item.Line3, item.Line4, item.Line5].filter((line): line is string => Boolean(line?.trim()));
  return {
    postCode: item.PostalCode!,
    streetName: lines[0]!,
    address2: lines.slice(1).join(', ') || null,
    cityName: item.City ?? '',
    county: item.Province || null,
    valid: item.CountryIso2 === 'GB',
  };
}
