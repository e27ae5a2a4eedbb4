// Every back-office URL is /admin/{groupId}/...; the group id scopes all API calls.
// Only canonical positive integers count ("007" or "0" would give a basename that
// does not match the URL), so anything else sends the user to the default group.
const GROUP_PATH = /^\/admin\/([1-9]\d*)(?:\/|$)/;

export const DEFAULT_GROUP_PATH = '/admin/1/';

export function parseGroupId(pathname: string): number | null {
  const match = GROUP_PATH.exec(pathname);
  if (!match?.[1]) return null;
  const groupId = Number(match[1]);
  return Number.isSafeInteger(groupId) ? groupId : null;
}
