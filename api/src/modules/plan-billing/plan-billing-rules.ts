import type { RecordRules } from '../records/record-rules';
import { ensurePlanSchedule, ensurePlanSchedulesForHouseContract } from './plan-schedule.service';

/*
 * What saving a contract sets off for PLAN billing, in the write's transaction (added to the contract rules
 * of the records module with `combineRules`, see records/rules/index.ts):
 * - a PLAN house contract signed (its status becoming ACTIVE): every tenant contract gets its schedule and
 *   instalment charges;
 * - a tenant contract saved under an ACTIVE PLAN house contract: it gets its own (once).
 * Both are idempotent, so saving again writes nothing.
 */

const HouseContract: RecordRules = {
  async afterWrite(record, { trx, existing }) {
    const signed = record.billingType === 'PLAN' && record.status === 'ACTIVE' && existing?.status !== 'ACTIVE';
    if (signed) await ensurePlanSchedulesForHouseContract(trx, Number(record.id));
  },
};

const TenantContract: RecordRules = {
  async afterWrite(record, { trx }) {
    if (record.houseContractId === null || record.houseContractId === undefined) return;
    const house: { billing_type: string; status: string } | undefined = await trx('house_contracts').where({ id: record.houseContractId }).first('billing_type', 'status');
    if (house?.billing_type === 'PLAN' && house.status === 'ACTIVE') await ensurePlanSchedule(trx, Number(record.id));
  },
};

export const PLAN_BILLING_RULES: Record<string, RecordRules> = { HouseContract, TenantContract };
