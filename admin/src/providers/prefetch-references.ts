import type { QueryClient } from '@tanstack/react-query';
import type { DataProvider, GetListResult, RaRecord } from 'react-admin';

/** A reference column of a list: the row's field holding the id, and the resource it names. */
export interface ReferenceToPrefetch {
  source: string;
  reference: string;
}

/** How long the names read with a page count as fresh: long enough that the page's reference fields do not ask again. */
const PREFETCHED_FRESH_MS = 30_000;

function referencesOf(meta: unknown): ReferenceToPrefetch[] {
  const prefetch = (meta as { prefetch?: unknown } | undefined)?.prefetch;
  return Array.isArray(prefetch) ? (prefetch as ReferenceToPrefetch[]) : [];
}

/**
 * A list page whose meta names its reference columns ({ prefetch: [{ source, reference }] }) is answered only once
 * the records those columns name are read too, and react-query's cache holds them under the keys a ReferenceField
 * reads (getOne per id and its one-id getMany). So a page's rows arrive with their names instead of reflowing a
 * moment later, and the reference fields make no second request. A reference the member of staff may not read is
 * left to its field, which shows nothing as before.
 */
export function withPrefetchedReferences<P extends DataProvider>(provider: P, queryClient: QueryClient): P {
  const prefetch = async (result: GetListResult, meta: unknown): Promise<GetListResult> => {
    const wanted = referencesOf(meta);
    if (!wanted.length || !result.data.length) return result;
    const idsByReference = new Map<string, Set<string>>();
    for (const { source, reference } of wanted) {
      const ids = idsByReference.get(reference) ?? new Set<string>();
      for (const row of result.data) if (row[source] !== null && row[source] !== undefined && row[source] !== '') ids.add(String(row[source]));
      idsByReference.set(reference, ids);
    }
    const updatedAt = Date.now() + PREFETCHED_FRESH_MS;
    await Promise.all(
      [...idsByReference].map(async ([reference, ids]) => {
        if (!ids.size) return;
        let records: RaRecord[];
        try {
          ({ data: records } = await provider.getMany(reference, { ids: [...ids] }));
        } catch {
          return;
        }
        for (const record of records) {
          queryClient.setQueryData([reference, 'getOne', { id: String(record.id) }], record, { updatedAt });
          queryClient.setQueryData([reference, 'getMany', { ids: [String(record.id)] }], [record], { updatedAt });
        }
      }),
    );
    return result;
  };
  return {
    ...provider,
    getList: async (resource, params) => prefetch(await provider.getList(resource, params), params.meta),
    getManyReference: async (resource, params) => prefetch(await provider.getManyReference(resource, params), params.meta),
  };
}
