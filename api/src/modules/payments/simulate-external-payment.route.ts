import { Router } from 'express';
import { TenantContract, type Knex } from '@app/db';
import { backoffice } from '../../auth/access';
import type { AppConfig } from '../../config';
import { DomainError } from '../../errors/domain-error';
import { londonDate } from '../../rules';
import { restRoute } from '../../rest/rest-route';
import { chargeCardOnFile } from './card-charge.service';
import { createPendingPayment, settlePayment, submitPayment } from './payment-ledger.service';

/**
 * POST /api/v2/admin/simulate-external-payment (specification §7), outside production only, for operators and
 * tests: money arriving from outside for a tenant contract of the X-Group-ID group. CREDIT_CARD charges the
 * card on file through the card provider's sandbox; any other method (a standing order, a bank transfer) is
 * recorded as received and settled. `externalId` is the idempotency key: the same one twice pays once.
 * Body: { tenantContractId, amountPence, externalId, method? }.
 */
export function simulateExternalPaymentRoute(db: Knex, config: AppConfig): Router {
  const router = Router();
  if (config.env === 'production') return router;
  restRoute(router, 'post', '/admin/simulate-external-payment', backoffice('payments', 'WRITE'), async (req, res) => {
    try {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const groupId = Number(req.get('x-group-id'));
      const contract = await TenantContract.query(db).findById(Number(body.tenantContractId) || 0);
      if (!contract || contract.groupId !== groupId) throw new DomainError('NOT_FOUND', 'Tenant contract not found.');
      const amountPence = Number(body.amountPence);
      const externalId = typeof body.externalId === 'string' ? body.externalId.trim() : '';
      const method = typeof body.method === 'string' ? body.method : 'STANDING_ORDER';
      const errors = [
        ...(!Number.isInteger(amountPence) || amountPence <= 0 ? [{ field: 'amountPence', rule: 'positive', message: 'Must be greater than 0' }] : []),
        ...(!externalId || externalId.length > 100 ? [{ field: 'externalId', rule: 'required', message: 'Give the external payment id (at most 100 characters).' }] : []),
        ...(!['CREDIT_CARD', 'STANDING_ORDER', 'PAY_ON_RECEIPT', 'HOUSEMATE_PAYING'].includes(method) ? [{ field: 'method', rule: 'oneOf', message: 'CREDIT_CARD, STANDING_ORDER, PAY_ON_RECEIPT or HOUSEMATE_PAYING' }] : []),
      ];
      if (errors.length) throw DomainError.invalid(errors);
      const key = `external:${contract.id}:${externalId}`;
      const payment =
        method === 'CREDIT_CARD'
          ? await chargeCardOnFile(db, { tenantContractId: contract.id, amountPence, idempotencyKey: key, description: `Simulated external payment ${externalId}` })
          : await db.transaction(async (trx) => {
              const { payment: created } = await createPendingPayment(trx, { groupId: contract.groupId, tenantContractId: contract.id, amountPence, paymentDate: londonDate(new Date()), method, idempotencyKey: key, reference: externalId });
              await submitPayment(trx, created.id, externalId);
              return (await settlePayment(trx, created.id)).payment;
            });
      res.json({ paymentId: payment.id, status: payment.status, collectionStatus: payment.collectionStatus, failureReason: payment.failureReason });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      res.status(error.httpStatus).json({ error: { code: error.code, message: error.message, ...error.details } });
    }
  });
  return router;
}
