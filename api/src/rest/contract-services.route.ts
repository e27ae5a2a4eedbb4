import { Router, type Request } from 'express';
import type { Knex } from '@app/db';
import { backoffice } from '../auth/access';
import { DomainError } from '../errors/domain-error';
import { updateContractServices } from '../modules/contracts-batch';
import { currentUser, restRoute } from './rest-route';

function groupOf(req: Request): number | null {
  const header = req.get('x-group-id');
  if (header === undefined || header === '') return null;
  if (!/^[1-9]\d{0,9}$/.test(header)) throw DomainError.invalid([{ field: 'X-Group-ID', rule: 'type', message: 'must be a positive whole number' }]);
  return Number(header);
}

/**
 * `POST /api/v2/contract/update-contract-services` { houseContractId, services: [{ action, utilityType | serviceId,
 * status?, broadbandSpeed? }] }: answers the contract's services after the change. Properties WRITE; each
 * status change also needs the utility's named permission (checked in the service).
 */
export function contractServicesRoute(db: Knex): Router {
  const router = Router();
  restRoute(router, 'post', '/contract/update-contract-services', backoffice('properties', 'WRITE'), async (req, res) => {
    const body = (req.body ?? {}) as { houseContractId?: unknown; services?: unknown };
    const services = await updateContractServices({ db, user: currentUser(res)!, groupId: groupOf(req) }, body.houseContractId, body.services);
    res.json({ services });
  });
  return router;
}
