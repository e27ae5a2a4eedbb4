import { backoffice } from '../auth/access';
import { Router } from 'express';
import type { Knex } from '@app/db';
import { renderStatementPdf, statementFileName } from '../modules/billing/pdf/statement-pdf';
import { loadStatementPdfData } from '../modules/billing/pdf/statement-pdf-data';
import { partnerScopeOf } from '../modules/records/record-scope';
import { currentUser, restRoute } from './rest-route';

/**
 * GET /api/v2/bills/:id/pdf — a statement's PDF, rendered on the fly and streamed. Staff with billing READ
 * (its restRoute access) may read the bills of any group: the group comes from the bill itself; when the request
 * names a group (X-Group-ID), a bill of another group is not found. A plain link carries the token as
 * `?jwt=…` (specification §7), so the response is kept out of caches and Referer headers.
 */
export function billPdfRoute(db: Knex): Router {
  const router = Router();
  restRoute(router, 'get', '/bills/:id/pdf', backoffice('billing', 'READ'), async (req, res) => {
    const id = String(req.params.id);
    const header = req.get('x-group-id');
    const loaded = /^[1-9]\d{0,15}$/.test(id) ? await loadStatementPdfData(db, Number(id)) : undefined;
    // Bills carry no partner: a partner user (even one granted billing) sees none of them.
    if (!loaded || (header && header !== String(loaded.groupId)) || partnerScopeOf(currentUser(res)!) !== null) {
      res.status(404).json({ error: { code: 'NOT_FOUND', message: `Bill ${id} not found` } });
      return;
    }
    const inline = req.query.download === undefined;
    res.set({
      'Content-Type': 'application/pdf',
      'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename="${statementFileName(loaded.data)}"`,
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
    });
    renderStatementPdf(loaded.data, res);
  });
  return router;
}
