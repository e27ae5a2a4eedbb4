/**
 * Postcode area → electricity distribution region (the 14 GSP groups `_A` … `_P`). A tariff is priced per
 * region, so a quote needs the region of the house. The table maps each Great Britain postcode area (the
 * letters before the first digit) to the distribution network operator that serves most of it. Areas on a
 * boundary between two networks (outer London, HP, PE, SK, SY, …) get the region of most of their districts;
 * a quote may name the region itself when a house lies on the other side. Northern Ireland (BT), the Channel
 * Islands (GY, JE) and the Isle of Man (IM) are not on the Great Britain grid and have no region.
 */
import type { ELECTRICITY_REGIONS } from '../value-sets';

export type ElectricityRegion = (typeof ELECTRICITY_REGIONS)[number];

/** The regions' names as suppliers and Ofgem publish them. */
export const ELECTRICITY_REGION_NAMES: Readonly<Record<ElectricityRegion, string>> = {
  _A: 'Eastern England',
  _B: 'East Midlands',
  _C: 'London',
  _D: 'Merseyside and North Wales',
  _E: 'West Midlands',
  _F: 'North East England',
  _G: 'North West England',
  _H: 'Southern England',
  _J: 'South East England',
  _K: 'South Wales',
  _L: 'South Western England',
  _M: 'Yorkshire',
  _N: 'South Scotland',
  _P: 'North Scotland',
};

const AREAS_BY_REGION: Readonly<Record<ElectricityRegion, readonly string[]>> = {
  // UK Power Networks Eastern.
  _A: ['AL', 'CB', 'CM', 'CO', 'EN', 'IP', 'LU', 'NR', 'PE', 'RM', 'SG', 'SS', 'WD'],
  // National Grid (formerly WPD) East Midlands.
  _B: ['DE', 'LE', 'LN', 'MK', 'NG', 'NN'],
  // UK Power Networks London.
  _C: ['E', 'EC', 'HA', 'IG', 'N', 'NW', 'SE', 'SW', 'TW', 'UB', 'W', 'WC'],
  // SP Manweb: Merseyside, Cheshire, North Wales and North Shropshire.
  _D: ['CH', 'CW', 'L', 'LL', 'SY', 'WA'],
  // National Grid (formerly WPD) West Midlands.
  _E: ['B', 'CV', 'DY', 'GL', 'HR', 'ST', 'TF', 'WR', 'WS', 'WV'],
  // Northern Powergrid North East.
  _F: ['DH', 'DL', 'NE', 'SR', 'TS'],
  // Electricity North West.
  _G: ['BB', 'BL', 'CA', 'FY', 'LA', 'M', 'OL', 'PR', 'SK', 'WN'],
  // SSEN Southern Electric.
  _H: ['BH', 'GU', 'HP', 'OX', 'PO', 'RG', 'SL', 'SN', 'SO', 'SP'],
  // UK Power Networks South Eastern.
  _J: ['BN', 'BR', 'CR', 'CT', 'DA', 'KT', 'ME', 'RH', 'SM', 'TN'],
  // National Grid (formerly WPD) South Wales.
  _K: ['CF', 'LD', 'NP', 'SA'],
  // National Grid (formerly WPD) South West.
  _L: ['BA', 'BS', 'DT', 'EX', 'PL', 'TA', 'TQ', 'TR'],
  // Northern Powergrid Yorkshire.
  _M: ['BD', 'DN', 'HD', 'HG', 'HU', 'HX', 'LS', 'S', 'WF', 'YO'],
  // SP Energy Networks: Central and Southern Scotland.
  _N: ['DG', 'EH', 'FK', 'G', 'KA', 'KY', 'ML', 'PA', 'TD'],
  // SSEN North of Scotland.
  _P: ['AB', 'DD', 'HS', 'IV', 'KW', 'PH', 'ZE'],
};

/** Postcode area (upper case) → region. */
export const POSTCODE_AREA_REGIONS: Readonly<Record<string, ElectricityRegion>> = Object.fromEntries(
  Object.entries(AREAS_BY_REGION).flatMap(([region, areas]) => areas.map((area) => [area, region as ElectricityRegion])),
);

/** The postcode area: the one or two letters the postcode starts with ("LS6 1BN" → "LS", "M14 6JR" → "M"). */
export function postcodeArea(postcode: string): string | null {
  const match = /^\s*([A-Za-z]{1,2})\d/.exec(postcode);
  return match ? match[1]!.toUpperCase() : null;
}

/** The region of a postcode, or null when its area is not on the Great Britain grid (or not a postcode). */
export function regionOfPostcode(postcode: string): ElectricityRegion | null {
  const area = postcodeArea(postcode);
  return area ? (POSTCODE_AREA_REGIONS[area] ?? null) : null;
}
