import express, { Router } from 'express';
import { Bill, type Knex } from '@app/db';
import { roles } from '../../auth/access';
import { DomainError } from '../../errors/domain-error';
import { currentUser, restRoute } from '../../rest/rest-route';
import { renderStatementPdf, statementFileName } from '../billing/pdf/statement-pdf';
import { loadStatementPdfData } from '../billing/pdf/statement-pdf-data';
import { storeUpload } from '../files/store-upload.service';
import { ownContract } from './own-contracts';

/*
 * The tenant area's two file routes, for front and bill-payer users only and only on their own records:
 * - GET  /api/v2/tenant-area/bills/:id/pdf — one of the caller's statements as PDF (link carries ?jwt=);
 *   another tenant's bill is "not found", like one that does not exist.
 * - POST /api/v2/tenant-area/reading-photos — the photo of a meter (the raw image as the body, its name in
 *   X-File-Name), stored as a READING upload of the caller; the reading then names it by id.
 */
const TENANT = roles('front', 'bill-payer');

export function tenantAreaRoutes(db: Knex): Router {
  const router = Router();
  restRoute(router, 'get', '/tenant-area/bills/:id/pdf', TENANT, async (req, res) => {
    const id = String(req.params.id);
    const user = currentUser(res)!;
    const bill = /^[1-9]\d{0,15}$/.test(id) ? await Bill.query(db).findById(Number(id)).withGraphFetched('tenantContract') : undefined;
    const loaded = bill && bill.tenantContract?.userId === user.id ? await loadStatementPdfData(db, bill.id) : undefined;
    if (!loaded) {
      res.status(404).json({ error: { code: 'NOT_FOUND', message: `Bill ${id} not found` } });
      return;
    }
    res.set({
      'Content-Type': 'application/pdf',
      'Content-Disposition': `${req.query.download === undefined ? 'inline' : 'attachment'}; filename="${statementFileName(loaded.data)}"`,
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
    });
    renderStatementPdf(loaded.data, res);
  });

  router.use('/tenant-area/reading-photos', express.raw({ type: () => true, limit: '11mb' }));
  restRoute(router, 'post', '/tenant-area/reading-photos', TENANT, async (req, res) => {
    const user = currentUser(res)!;
    try {
      const { contract } = await ownContract(db, user.id, null, 'GIVE_METER_READING');
      const data = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const fileName = decodeURIComponent(String(req.get('x-file-name') ?? 'meter-photo'));
      const upload = await db.transaction((trx) =>
        storeUpload(trx, { groupId: contract.groupId, resourceType: 'READING', fileName, contentType: req.get('content-type') ?? '', data, uploadedByUserId: user.id, houseContractId: contract.houseContractId, tenantContractId: contract.id }),
      );
      res.status(201).json({ id: upload.id, fileName: upload.fileName });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      res.status(error.httpStatus).json({ error: { code: error.code, message: error.message, fields: error.details.fields ?? [] } });
    }
  });
  return router;
}
