import type { Knex } from '@app/db';
import { exportQuery, type ExportSelection } from '../../exports/export-query';
import { cursorBatches } from '../../exports/row-cursor';
import { renderStatementPdfBuffer, statementFileName } from './statement-pdf';
import { loadStatementPdfData } from './statement-pdf-data';

/** Bills read per cursor fetch: ids only, so a large list costs little memory. */
const ID_BATCH = 500;

/**
 * The PDF of every bill of a filtered Bills list, in list order, rendered one at a time (the archive asks for
 * the next only when the last is written): memory holds one PDF whatever the list's size. Named
 * `<bill id>-<statement file name>` so two tenants' files never collide.
 */
export async function* statementPdfDocuments(db: Knex, selection: ExportSelection): AsyncGenerator<{ name: string; content: Buffer }> {
  const native = exportQuery(db, selection)
    .select(db.raw('??', [`${selection.spec.table}.id`]))
    .toSQL()
    .toNative();
  for await (const batch of cursorBatches(db, native.sql, native.bindings, ID_BATCH)) {
    for (const [id] of batch) {
      const loaded = await loadStatementPdfData(db, Number(id));
      if (!loaded) continue;
      yield { name: `${id}-${statementFileName(loaded.data)}`, content: await renderStatementPdfBuffer(loaded.data) };
    }
  }
}
