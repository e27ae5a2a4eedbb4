import { getToken, graphqlRequest, storedSession } from '@app/api/client';

export interface MyGroup {
  id: number;
  name: string;
}

let cached: Promise<MyGroup[] | null> | null = null;

/**
 * The groups (brands) the signed-in user works for, asked without X-Group-ID (naming a group it does not work
 * for would be refused); null when it cannot be told (signed out, not staff, API down: the usual checks, which
 * send anyone else to the back office's sign-in page, then take over).
 */
export function fetchMyGroups(): Promise<MyGroup[] | null> {
  const role = storedSession()?.role;
  if (!getToken() || (role !== 'backoffice' && role !== 'partner')) return Promise.resolve(null);
  cached ??= graphqlRequest<{ myGroups: Array<{ id: string; name: string }> }>('{ myGroups { id name } }').then(
    (answer) => answer.data?.myGroups.map((group) => ({ id: Number(group.id), name: group.name })) ?? null,
    () => null,
  );
  return cached;
}
