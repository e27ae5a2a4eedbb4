import { backofficeRead, isAllowed } from '../../auth/access';
import { DomainError } from '../../errors/domain-error';
import { applyPage } from '../../graphql/list-query';
import { findResourceSpec, type ResourceSpec } from '../../rules';
import { getRecord, type RecordRequest } from '../records/records.service';
import { listSpecOf, toRecord } from '../records/record-mapping';
import type { RecordValues } from '../records/record-rules';
import { partnerScopeOf, scopedQuery } from '../records/record-scope';
import { SEARCH_TERMS, searchPatterns } from './search-terms';

export interface SearchHit {
  resource: string;
  /** The kind of record, in words ("Houses"). */
  kind: string;
  id: number;
  label: string;
}

/** Records found by their words (search-terms.ts): a house by address or postcode, a tenant by name or e-mail, an agency by name. */
const BY_TEXT = ['House', 'Tenant', 'Agency'] as const;
/** Records found by their reference as the screens show it (HC-12, TC-7, BILL-3051, PAY-88). */
const BY_REFERENCE: Readonly<Record<string, string>> = { HC: 'HouseContract', TC: 'TenantContract', BILL: 'Bill', PAY: 'Payment' };
const PER_KIND = 5;
const MAX_QUERY = 100;

/** A record's name as the screens show it, from the catalogue's representation ("${streetName}, ${postCode}"). */
function nameOf(spec: ResourceSpec, record: RecordValues): string {
  const template = spec.representation.includes('${') ? spec.representation : `\${${spec.representation}}`;
  return template.replace(/\$\{(\w+)\}/g, (_, field: string) => String(record[field] ?? '')).trim();
}

const readable = (request: RecordRequest, spec: ResourceSpec) => isAllowed(request.user, backofficeRead(spec.area, spec.readAlsoWith));

/** Matching rows read per round before the caller's scope picks among them. */
const CANDIDATES = 200;

/**
 * Up to five records of a kind whose words match, in the list's own order, among the rows the caller's list
 * would show (scopedQuery: the X-Group-ID group, a partner's own houses). The matches come a round of 200 at a
 * time in that order (the trigram index finds them), and the scope is checked on those only, until five are
 * found: a common surname matches thousands of tenants, and checking the scope on every one of them (whether
 * the tenant has contracts in the group: a hash of every tenant contract) took half a second on the bench set.
 */
async function findByText(request: RecordRequest, spec: ResourceSpec, query: string): Promise<SearchHit[]> {
  const terms = SEARCH_TERMS[spec.name]!;
  const { pattern, compact } = searchPatterns(query);
  const list = listSpecOf(spec);
  const scope = { groupId: request.groupId, partnerId: partnerScopeOf(request.user) };
  const rows: Array<Record<string, unknown>> = [];
  for (let round = 0; rows.length < PER_KIND; round += 1) {
    const matching = request.db(spec.table).whereRaw(terms.sql(spec.table), terms.bindings(pattern, compact));
    const ids: number[] = await applyPage(matching, list, { perPage: CANDIDATES, page: round }).pluck(`${spec.table}.id`);
    if (ids.length === 0) break;
    const inScope = scopedQuery(request.db, spec, scope).whereIn(`${spec.table}.id`, ids);
    rows.push(...(await applyPage(inScope, list, { perPage: PER_KIND - rows.length, page: 0 }).select(`${spec.table}.*`)));
    if (ids.length < CANDIDATES) break;
  }
  return rows.map((row) => {
    const record = toRecord(spec, row);
    return { resource: spec.name, kind: spec.label, id: Number(record.id), label: nameOf(spec, record) };
  });
}

/**
 * The back office's search box: up to five records of each kind the caller may read, in the X-Group-ID group,
 * through the same scoped queries as the screens (so nothing outside the caller's scope); a house, a tenant
 * or an agency by its words, a contract, bill or payment by its reference.
 */
export async function globalSearch(request: RecordRequest, query: string): Promise<SearchHit[]> {
  const q = (query ?? '').trim();
  if (q.length < 2) return [];
  if (q.length > MAX_QUERY) throw DomainError.invalid([{ field: 'q', rule: 'maxLength', message: `must be at most ${MAX_QUERY} characters` }]);
  const hits: SearchHit[] = [];
  const reference = /^(HC|TC|BILL|PAY)-?(\d{1,9})$/i.exec(q);
  if (reference) {
    const spec = findResourceSpec(BY_REFERENCE[reference[1]!.toUpperCase()]!)!;
    if (readable(request, spec)) {
      const record = await getRecord(request, spec, reference[2]).catch((error: unknown) => (error instanceof DomainError && error.code === 'NOT_FOUND' ? null : Promise.reject(error)));
      if (record) hits.push({ resource: spec.name, kind: spec.label, id: Number(record.id), label: nameOf(spec, record) });
    }
    return hits;
  }
  const kinds = BY_TEXT.map((name) => findResourceSpec(name)!).filter((spec) => readable(request, spec));
  // The kinds are looked up side by side (each on its own pooled connection): the answer waits for the slowest, not the sum.
  for (const found of await Promise.all(kinds.map((spec) => findByText(request, spec, q)))) hits.push(...found);
  return hits;
}
