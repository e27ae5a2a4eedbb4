import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { repoRoot } from '@app/db';

/*
 * A local stand-in for the address service UK sites use (Loqate Capture, formerly PCA Predict): its Find and
 * Retrieve endpoints, their JSON ("Items", ids such as GB|RM|A|50000000 for an address and GB|RM|ENG|… for a
 * postcode), their error items (2 Unknown key, 1001 …), and a delay like a network call's. The addresses are
 * real in format (flats, numbers, building names) for the demo towns, from addresses.csv.
 */

interface SandboxAddress {
  udprn: string;
  subBuilding: string;
  buildingNumber: string;
  buildingName: string;
  street: string;
  city: string;
  county: string;
  postcode: string;
}

type Item = Record<string, string>;

const ERRORS: Record<string, Item> = {
  unknownKey: { Error: '2', Description: 'Unknown key', Cause: 'The key you are using to access the service was not found.', Resolution: 'Please check that the key is correct. It should be in the form AA11-AA11-AA11-AA11.' },
  textRequired: { Error: '1001', Description: 'Text or Container Required', Cause: 'The Text or Container parameter was not supplied.', Resolution: 'Check you are supplying the Text or Container parameter.' },
  countries: { Error: '1002', Description: 'Countries Invalid', Cause: 'The Countries parameter was not a recognised country.', Resolution: 'Use GB or GBR.' },
  idInvalid: { Error: '1001', Description: 'Id Invalid', Cause: 'The Id parameter supplied was invalid.', Resolution: 'Try again, using only IDs from the Find services.' },
};

export function readSandboxAddresses(file = path.join(repoRoot, 'api', 'src', 'sandboxes', 'address-lookup', 'addresses.csv')): SandboxAddress[] {
  const [, ...lines] = fs.readFileSync(file, 'utf8').trim().split('\n');
  return lines.map((line) => {
    const [udprn, subBuilding, buildingNumber, buildingName, street, city, county, postcode] = line.split(',');
    return { udprn: udprn!, subBuilding: subBuilding!, buildingNumber: buildingNumber!, buildingName: buildingName!, street: street!, city: city!, county: county!, postcode: postcode!.trim() };
  });
}

/** "Flat 1, 17 Brudenell Road" or "Brudenell House, Brudenell Road": the first line as Royal Mail prints it. */
function firstLines(address: SandboxAddress): [string, string] {
  const numbered = [address.buildingNumber, address.street].filter(Boolean).join(' ');
  if (address.subBuilding) return [`${address.subBuilding}, ${numbered}`, ''];
  if (address.buildingName) return [address.buildingName, address.street];
  return [numbered, ''];
}

const postcodeId = (postcode: string) => `GB|RM|ENG|${postcode.replace(' ', '-')}`;
const normalisePostcode = (text: string) => text.toUpperCase().replace(/\s+/g, '').replace(/^(.+)(\d[A-Z]{2})$/, '$1 $2');
const FULL_POSTCODE = /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i;

function addressItem(address: SandboxAddress): Item {
  const [line1, line2] = firstLines(address);
  return { Id: `GB|RM|A|${address.udprn}`, Type: 'Address', Text: [line1, line2].filter(Boolean).join(', '), Highlight: '', Description: `${address.city}, ${address.postcode}` };
}

function find(addresses: SandboxAddress[], text: string, container: string, limit: number): Item[] {
  if (container) return addresses.filter((address) => postcodeId(address.postcode) === container).map(addressItem);
  const trimmed = text.trim();
  if (FULL_POSTCODE.test(trimmed)) {
    const postcode = normalisePostcode(trimmed);
    const inIt = addresses.filter((address) => address.postcode === postcode);
    if (!inIt.length) return [];
    return [{ Id: postcodeId(postcode), Type: 'Postcode', Text: postcode, Highlight: `0-${postcode.length}`, Description: `${inIt[0]!.street}, ${inIt[0]!.city} - ${inIt.length} Addresses` }];
  }
  const words = trimmed.toLowerCase().split(/[\s,]+/).filter(Boolean);
  return addresses
    .filter((address) => {
      const line = `${firstLines(address).join(' ')} ${address.city} ${address.postcode}`.toLowerCase();
      return words.every((word) => line.includes(word));
    })
    .slice(0, limit)
    .map(addressItem);
}

function retrieve(addresses: SandboxAddress[], id: string): Item[] {
  const address = addresses.find((candidate) => `GB|RM|A|${candidate.udprn}` === id);
  if (!address) return [ERRORS.idInvalid!];
  const [line1, line2] = firstLines(address);
  return [
    {
      Id: id,
      DomesticId: address.udprn,
      Language: 'ENG',
      Company: '',
      SubBuilding: address.subBuilding,
      BuildingNumber: address.buildingNumber,
      BuildingName: address.buildingName,
      SecondaryStreet: '',
      Street: address.street,
      Block: '',
      Neighbourhood: '',
      District: '',
      City: address.city,
      Line1: line1,
      Line2: line2,
      Line3: '',
      Line4: '',
      Line5: '',
      AdminAreaName: address.city,
      Province: address.county,
      ProvinceName: address.county,
      PostalCode: address.postcode,
      CountryName: 'United Kingdom',
      CountryIso2: 'GB',
      CountryIso3: 'GBR',
      Type: 'Residential',
      Label: [line1, line2, address.city.toUpperCase(), address.postcode].filter(Boolean).join('\n'),
    },
  ];
}

export interface AddressSandbox {
  url: string;
  host: string;
  port: number;
  key: string;
  addressCount: number;
  stop(): Promise<void>;
}

/** Starts the sandbox on a port (0: any free one). It answers only `key`, as the real service answers only its customers' keys. */
export async function startAddressSandbox({ port = 0, key, delayMs = [20, 120] }: { port?: number; key: string; delayMs?: [number, number] }): Promise<AddressSandbox> {
  const addresses = readSandboxAddresses();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const param = (name: string) => url.searchParams.get(name) ?? '';
    let items: Item[] | null = null;
    if (url.pathname === '/Capture/Interactive/Find/v1.10/json3.ws') {
      const countries = param('Countries').toUpperCase();
      if (param('Key') !== key) items = [ERRORS.unknownKey!];
      else if (countries && !['GB', 'GBR'].includes(countries)) items = [ERRORS.countries!];
      else if (!param('Text').trim() && !param('Container')) items = [ERRORS.textRequired!];
      else items = find(addresses, param('Text'), param('Container'), Math.min(Number(param('Limit')) || 10, 100));
    } else if (url.pathname === '/Capture/Interactive/Retrieve/v1.2/json3.ws') {
      items = param('Key') !== key ? [ERRORS.unknownKey!] : retrieve(addresses, param('Id'));
    }
    const [least, most] = delayMs;
    setTimeout(() => {
      if (!items) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ Items: items }));
    }, least + Math.random() * (most - least));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actual}`,
    host: '127.0.0.1',
    port: actual,
    key,
    addressCount: addresses.length,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
