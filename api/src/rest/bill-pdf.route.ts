import { backoffice } from '../auth/access';
import { groupsOf } from '../auth/group-membership';
import { Router } from 'express';
import type { Knex } from '@app/db';
import { renderStatementPdf, statementFileName } from '../modules/billing/pdf/statement-pdf';
import { loadStatementPdfData } from '../modules/billing/pdf/statement-pdf-data';
import { partnerScopeOf } from '../modules/records/record-scope';
import { currentUser, restRoute } from './rest-route';

/**
 * GET /api/v2/bills/:id/pdf — a statement's PDF, rendered on the fly and streamed. Staff with billing READ
 * (its restRoute access) may read the bills of the groups they work for: the group comes from the bill itself;
 * a bill of another group, or of another group than the one the request names (X-Group-ID), is not found. A plain link carries the token as
 * `?jwt=…` (specification §7), so the response is kept out of caches and Referer headers.
 */
export function billPdfRoute(db: Knex): Router {
  const router = Router();
  restRoute(router, 'get', '/bills/:id/pdf', backoffice('billing', 'READ'), async (req, res) => {
    const id = String(req.params.id);
    const header = req.get('x-group-id');
    const loaded = /^[1-9]\d{0,15}$/.test(id) ? await loadStatementPdfData(db, Number(id)) : undefined;
    const user = currentUser(res)!;
    const groups = loaded ? await groupsOf(db, user) : [];
    // Bills carry no partner: a partner user (even one granted billing) sees none of them.
    if (!loaded || (header && header !== String(loaded.groupId)) || partnerScopeOf(user) !== null || (groups !== 'all' && !groups.includes(loaded.groupId))) {
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
