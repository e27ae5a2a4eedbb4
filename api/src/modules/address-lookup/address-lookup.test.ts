import { startAddressSandbox, type AddressSandbox } from '../../sandboxes/address-lookup/address-sandbox';
import { startApiHarness, type ApiHarness } from '../../testing';
import { ADDRESS_LOOKUP_LIMIT } from './address-lookup.graphql';
import { ADDRESS_LOOKUP_MESSAGES } from './address-lookup';
import { LoqateAddressLookup } from './loqate-address-lookup';

/*
 * The address finder as a visitor's browser calls it, through the real adapter against the local sandbox of
 * the service (its protocol, ids and error items): a postcode opens to its addresses, an address comes back in
 * the §3 shape, and every way it can go wrong is a code the site can act on, never a 500.
 */

let sandbox: AddressSandbox;
let api: ApiHarness;
let visitor = 0;

const FIND = 'query ($text: String!, $container: String) { findAddress(text: $text, container: $container) { id type text description } }';
const RETRIEVE = 'query ($id: String!) { retrieveAddress(id: $id) { postCode streetName address2 cityName county valid } }';
const ask = async (query: string, variables: Record<string, unknown>, address = `192.0.2.${++visitor}`) => (await api.graphql(query, variables, null, { 'X-Forwarded-For': address })).body;
const code = (body: { errors?: Array<{ extensions: { code: string } }> }) => body.errors?.[0]?.extensions.code;

beforeAll(async () => {
  sandbox = await startAddressSandbox({ key: 'TEST-KEY1-KEY2-KEY3', delayMs: [0, 5] });
  api = await startApiHarness({ ADDRESS_LOOKUP_URL: sandbox.url, ADDRESS_LOOKUP_KEY: sandbox.key, ADDRESS_LOOKUP_SANDBOX: 'true' }, { demoData: false });
});
afterAll(async () => {
  await api?.stop();
  await sandbox?.stop();
});

it('opens a postcode to its addresses and gives one back as the product stores it', async () => {
  const found = (await ask(FIND, { text: 'ls61aa' })).data.findAddress;
  expect(found).toEqual([{ id: 'GB|RM|ENG|LS6-1AA', type: 'Postcode', text: 'LS6 1AA', description: 'Brudenell Road, Leeds - 12 Addresses' }]);
  const addresses = (await ask(FIND, { text: '', container: found[0].id })).data.findAddress;
  expect(addresses).toHaveLength(12);
  expect(addresses.map((a: { text: string }) => a.text)).toEqual(expect.arrayContaining(['1 Brudenell Road', 'Flat 2, 17 Brudenell Road', 'Brudenell House, Brudenell Road']));
  expect(addresses.every((a: { type: string; description: string }) => a.type === 'Address' && a.description === 'Leeds, LS6 1AA')).toBe(true);

  const byText = (text: string) => addresses.find((a: { text: string }) => a.text === text).id;
  expect((await ask(RETRIEVE, { id: byText('Flat 2, 17 Brudenell Road') })).data.retrieveAddress).toEqual({ postCode: 'LS6 1AA', streetName: 'Flat 2, 17 Brudenell Road', address2: null, cityName: 'Leeds', county: 'West Yorkshire', valid: true });
  expect((await ask(RETRIEVE, { id: byText('Brudenell House, Brudenell Road') })).data.retrieveAddress).toMatchObject({ streetName: 'Brudenell House', address2: 'Brudenell Road' });
});

it('finds addresses by their words too', async () => {
  const found = (await ask(FIND, { text: '276 wilmslow' })).data.findAddress;
  expect(found).toEqual([expect.objectContaining({ type: 'Address', text: '276 Wilmslow Road', description: 'Manchester, M14 6JR' })]);
  expect((await ask(FIND, { text: 'ZZ99 9ZZ' })).data.findAddress).toEqual([]);
});

it('answers INVALID_PCA_ADDRESS_ID for an id it does not know and SPECIFY_PCA_ADDRESS for a postcode', async () => {
  for (const id of ['GB|RM|A|1', 'not-an-id']) {
    const body = await ask(RETRIEVE, { id });
    expect(code(body)).toBe('INVALID_PCA_ADDRESS_ID');
    expect(body.errors[0].message).toBe(ADDRESS_LOOKUP_MESSAGES.invalidId);
  }
  expect(code(await ask(RETRIEVE, { id: 'GB|RM|ENG|LS6-1AA' }))).toBe('SPECIFY_PCA_ADDRESS');
});

it('names the field of a blank or overlong search', async () => {
  const blank = await ask(FIND, { text: '  ' });
  expect(blank.errors[0].extensions.fields).toEqual([expect.objectContaining({ field: 'text', message: ADDRESS_LOOKUP_MESSAGES.textRequired })]);
  expect((await ask(FIND, { text: 'x'.repeat(101) })).errors[0].extensions.fields[0].field).toBe('text');
});

it('is limited per visitor, each lookup being a paid call', async () => {
  const address = '192.0.2.250';
  for (let i = 0; i < ADDRESS_LOOKUP_LIMIT.limit; i += 1) expect(code(await ask(RETRIEVE, { id: 'GB|RM|A|1' }, address))).toBe('INVALID_PCA_ADDRESS_ID');
  expect(code(await ask(FIND, { text: 'LS6 1AA' }, address))).toBe('RATE_LIMITED');
});

it('asks the visitor to type the address when the service refuses the key or does not answer', async () => {
  await expect(new LoqateAddressLookup(sandbox.url, 'WRONG-KEY').find('LS6 1AA')).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: ADDRESS_LOOKUP_MESSAGES.unavailable });
  await expect(new LoqateAddressLookup('http://127.0.0.1:9', sandbox.key).retrieve('GB|RM|A|50000000')).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
});
