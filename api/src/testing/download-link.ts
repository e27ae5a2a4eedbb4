import type { ApiHarness } from './api-harness';

/** The download token the back office asks for before following a link (auth/download-token.ts). */
export async function downloadToken(api: ApiHarness, path: string, sessionToken: string): Promise<string> {
  const res = await api.graphql('mutation ($path: String!) { downloadToken(path: $path) }', { path }, sessionToken);
  if (!res.body.data?.downloadToken) throw new Error(`no download token for ${path}: ${JSON.stringify(res.body.errors)}`);
  return res.body.data.downloadToken as string;
}
