import documents from './documents.json';
import type { LinkItem } from './types';

// The PDFs are generated at build time (site/scripts/build-documents.mjs) from the same list.
export function documentLink(file: string): LinkItem {
  const document = documents.find((entry) => entry.file === file);
  if (!document) throw new Error(`No document ${file} in content/documents.json`);
  return { to: `/documents/${document.file}`, label: `${document.title} (PDF)` };
}
