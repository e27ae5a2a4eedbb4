import { callGraphql } from '../providers/graphql-action';

export interface SearchHit {
  resource: string;
  kind: string;
  id: string;
  label: string;
}

const SEARCH = 'query ($q: String!) { hits: globalSearch(q: $q) { resource kind id label } }';

/** Houses, tenants, agencies and references matching the words, in the group (search.graphql.ts). */
export async function searchRecords(groupId: number, q: string): Promise<SearchHit[]> {
  return (await callGraphql<{ hits: SearchHit[] }>(SEARCH, { q }, groupId)).hits;
}
