import { Router, type Request } from 'express';
import type { PgBoss } from 'pg-boss';
import type { Knex } from '@app/db';
import { backoffice } from '../auth/access';
import { DomainError } from '../errors/domain-error';
import { sendReadRequest } from '../modules/readings/request-reading.service';
import { currentUser, restRoute } from './rest-route';

function groupOf(req: Request): number | null {
  const header = req.get('x-group-id');
  if (header === undefined || header === '') return null;
  if (!/^[1-9]\d{0,9}$/.test(header)) throw DomainError.invalid([{ field: 'X-Group-ID', rule: 'type', message: 'must be a positive whole number' }]);
  return Number(header);
}

/** `GET /api/v2/cooperation/send-read/{meterId}`: asks the house's tenants for a reading of the meter (once a day per meter). */
export function cooperationRoute(db: Knex, boss: PgBoss, baseUrl: string): Router {
  const router = Router();
  restRoute(router, 'get', '/cooperation/send-read/:id', backoffice('meterReadings', 'WRITE'), async (req, res) => {
    res.json(await sendReadRequest({ db, boss, userId: currentUser(res)!.id, groupId: groupOf(req), baseUrl }, String(req.params.id)));
  });
  return router;
}
