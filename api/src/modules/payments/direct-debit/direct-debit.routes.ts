import { Router, type Request } from 'express';
import type { PgBoss } from 'pg-boss';
import type { Knex } from '@app/db';
import { backoffice } from '../../../auth/access';
import { groupsOf } from '../../../auth/group-membership';
import { partnerScopeOf } from '../../records/record-scope';
import type { AppConfig } from '../../../config';
import { DomainError } from '../../../errors/domain-error';
import { currentUser, restRoute } from '../../../rest/rest-route';
import { collectionPorts } from '../collections/default-ports';
import { createPaperDdi } from './create-paper-ddi.service';
import { simulateTransaction } from './simulate-transaction.service';

/** These routes act on one group's records: the back office names it in X-Group-ID. */
function requiredGroup(req: Request): number {
  const header = req.get('x-group-id') ?? '';
  if (!/^[1-9]\d{0,9}$/.test(header)) throw DomainError.invalid([{ field: 'X-Group-ID', rule: 'required', message: 'must name the group (a positive whole number)' }]);
  return Number(header);
}

/**
 * POST /api/v2/direct-debit/create-paper-ddi (staff with payments WRITE), GET a submission's file, and outside production the two
 * simulation routes that settle or fail a submitted collection as the bureau's reports would.
 */
export function directDebitRoutes(db: Knex, boss: PgBoss, config: AppConfig): Router {
  const router = Router();
  const { settlement } = collectionPorts(db);
  restRoute(router, 'post', '/direct-debit/create-paper-ddi', backoffice('payments', 'WRITE'), async (req, res) => {
    const mandate = await createPaperDdi(db, requiredGroup(req), req.body ?? {});
    res.status(201).json({ id: mandate.id, reference: mandate.reference, status: mandate.status, paper: mandate.paper, accountNumberEnding: mandate.accountNumberEnding });
  });
  // A day's Bacs file as it went to the bureau (staff with payments READ in its group; a plain link with ?jwt=).
  restRoute(router, 'get', '/direct-debit/submissions/:id/file', backoffice('payments', 'READ'), async (req, res) => {
    const id = String(req.params.id);
    const user = currentUser(res)!;
    const submission: { group_id: number; service_user_number: string; kind: string; submission_date: string; file: string } | undefined = /^[1-9]\d{0,15}$/.test(id)
      ? await db('bacs_submissions').where({ id }).first('group_id', 'service_user_number', 'kind', db.raw('submission_date::text AS submission_date'), 'file')
      : undefined;
    const groups = submission ? await groupsOf(db, user) : [];
    if (!submission || partnerScopeOf(user) !== null || (groups !== 'all' && !groups.includes(submission.group_id))) {
      res.status(404).json({ error: { code: 'NOT_FOUND', message: `Direct Debit file ${id} not found` } });
      return;
    }
    res.set({
      'Content-Type': 'text/plain; charset=us-ascii',
      'Content-Disposition': `attachment; filename="${submission.submission_date}_${submission.service_user_number}_${submission.kind}.txt"`,
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
    });
    res.send(submission.file);
  });
  if (config.env !== 'production') {
    for (const [path, outcome] of [
      ['/direct-debit/simulate-settled-transaction', 'SETTLED'],
      ['/direct-debit/simulate-failed-transaction', 'FAILED'],
    ] as const) {
      restRoute(router, 'post', path, backoffice('payments', 'WRITE'), async (req, res) => {
        const body = (req.body ?? {}) as { collectionId?: unknown; reasonCode?: unknown };
        res.json(await simulateTransaction(db, boss, settlement, requiredGroup(req), { collectionId: body.collectionId, reasonCode: body.reasonCode, outcome }));
      });
    }
  }
  return router;
}
