/**
 * How each kind of record is found by what staff type, in SQL over the kind's table (`t`): a house by its
 * street, town or postcode (typed with or without its space), a tenant by first name, surname, both, e-mail or
 * phone, an agency by name, e-mail or postcode. Each expression here has a trigram index behind it (migration
 * 20261129400000_search_trigram_indexes), so a substring search reads the matching rows, not the whole table.
 */
export interface SearchTerms {
  /** `?` placeholders: each takes the query as an ILIKE pattern ('%words%'), or `compact` ones without spaces. */
  sql: (table: string) => string;
  bindings: (pattern: string, compact: string) => string[];
}

export const SEARCH_TERMS: Readonly<Record<string, SearchTerms>> = {
  House: {
    sql: (t) => `(replace(${t}.post_code, ' ', '') ILIKE ? OR ${t}.street_name ILIKE ? OR ${t}.city_name ILIKE ?)`,
    bindings: (pattern, compact) => [compact, pattern, pattern],
  },
  Tenant: {
    sql: (t) => `((coalesce(${t}.first_name, '') || ' ' || coalesce(${t}.last_name, '')) ILIKE ? OR ${t}.email ILIKE ? OR ${t}.phone ILIKE ?)`,
    bindings: (pattern) => [pattern, pattern, pattern],
  },
  Agency: {
    sql: (t) => `(${t}.name ILIKE ? OR ${t}.email ILIKE ? OR replace(${t}.post_code, ' ', '') ILIKE ?)`,
    bindings: (pattern, compact) => [pattern, pattern, compact],
  },
};

/** The ILIKE patterns of a query: as typed, and without spaces (postcodes), with %, _ and \ taken literally. */
export function searchPatterns(query: string): { pattern: string; compact: string } {
  const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
  return { pattern: `%${literal(query)}%`, compact: `%${literal(query.replace(/\s+/g, ''))}%` };
}
