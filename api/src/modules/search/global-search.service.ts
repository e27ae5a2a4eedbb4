import { backofficeRead, isAllowed } from '../../auth/access';
import { DomainError } from '../../errors/domain-error';
import { findResourceSpec, type ResourceSpec } from '../../rules';
import { getRecord, listRecords, type RecordRequest } from '../records/records.service';
import type { RecordValues } from '../records/record-rules';

export interface SearchHit {
  resource: string;
  /** The kind of record, in words ("Houses"). */
  kind: string;
  id: number;
  label: string;
}

/** Records found by their words: a house by address or postcode, a tenant by name or e-mail, an agency by name. */
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

/**
 * The back office's search box: up to five records of each kind the caller may read, in the X-Group-ID group,
 * through the same scoped list and show queries as the screens (so nothing outside the caller's scope).
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
  for (const name of BY_TEXT) {
    const spec = findResourceSpec(name)!;
    if (!readable(request, spec)) continue;
    const records = await listRecords(request, spec, { filter: { q }, perPage: PER_KIND, page: 0 });
    hits.push(...records.map((record) => ({ resource: spec.name, kind: spec.label, id: Number(record.id), label: nameOf(spec, record) })));
  }
  return hits;
}
