import { graphqlRequest } from './graphql-request';

const DOWNLOAD_TOKEN = 'mutation ($path: String!) { downloadToken(path: $path) }';

/** A download link with a 5-minute token for this one file as its `jwt` (never the session token). */
export async function secureDownloadUrl(path: string, groupId?: number): Promise<string> {
  const answer = await graphqlRequest<{ downloadToken: string }>(DOWNLOAD_TOKEN, { path }, groupId);
  if (!answer.data) throw new Error(answer.errors[0]?.message ?? 'The download could not be prepared');
  return `${path}?jwt=${encodeURIComponent(answer.data.downloadToken)}`;
}

/**
 * Opens a file in a new tab: the tab opens at once (inside the click, so no pop-up blocker stops it) and is
 * sent to the tokenised link when the token arrives.
 */
export function openSecureDownload(path: string, groupId?: number): void {
  const tab = window.open('about:blank', '_blank');
  void secureDownloadUrl(path, groupId).then(
    (url) => (tab ? (tab.location.href = url) : window.location.assign(url)),
    () => tab?.close(),
  );
}
