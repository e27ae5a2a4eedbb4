import type { Knex } from '@app/db';
import type { ExportSelection } from './export-query';
import type { ArchiveDocuments } from './export-writers';

/**
 * The documents a list's ZIP export carries beside its CSV parts, by resource: the Bills list's archive holds
 * each bill's PDF (so a bill run's statements are one download: filter the list by period, export ZIP).
 * Resources without documents are absent.
 */
const DOCUMENTS: Readonly<Record<string, (db: Knex, selection: ExportSelection) => ArchiveDocuments>> = {
  Bill: (db, selection) => ({ folder: 'statements', description: 'the PDF of each bill in the list, as the tenant receives it', entries: billPdfs(db, selection) }),
};

/** The PDF renderer (pdfkit and its fonts) is loaded only by an export that needs it: CSV and XLSX exports stay small. */
async function* billPdfs(db: Knex, selection: ExportSelection): AsyncGenerator<{ name: string; content: Buffer }> {
  const { statementPdfDocuments } = await import('../billing/pdf/statement-pdf-documents');
  yield* statementPdfDocuments(db, selection);
}

export function archiveDocumentsFor(db: Knex, selection: ExportSelection): ArchiveDocuments | undefined {
  return DOCUMENTS[selection.spec.name]?.(db, selection);
}
