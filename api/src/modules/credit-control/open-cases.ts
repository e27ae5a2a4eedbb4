import { CreditControlRecord, type Knex } from '@app/db';
import { recordChanges } from '../../audit/record-change';

/**
 * The open credit-control case of each contract, opening one (ENGAGEMENT, no response yet) where there is
 * none. A contract has one open case at a time (unique index), so the ladder and the failed-payment job
 * opening the same case at once end with one; each case opened is audited as the system's (no actor).
 */
export async function openCasesFor(trx: Knex, contracts: ReadonlyArray<{ tenantContractId: number; groupId: number }>): Promise<Map<number, CreditControlRecord>> {
  if (contracts.length === 0) return new Map();
  const unique = [...new Map(contracts.map((contract) => [contract.tenantContractId, contract])).values()];
  const { rows: opened } = await trx.raw(
    `INSERT INTO credit_control_records (group_id, tenant_contract_id, stage, status)
     SELECT v.group_id, v.tenant_contract_id, 'ENGAGEMENT', 'NO_RESPONSE_YET' FROM unnest(?::int[], ?::int[]) AS v(tenant_contract_id, group_id)
      WHERE NOT EXISTS (SELECT 1 FROM credit_control_records c WHERE c.tenant_contract_id = v.tenant_contract_id AND c.stage <> 'DEBT_RESOLVED')
     ON CONFLICT (tenant_contract_id) WHERE stage <> 'DEBT_RESOLVED' DO NOTHING
     RETURNING id, tenant_contract_id`,
    [unique.map((contract) => contract.tenantContractId), unique.map((contract) => contract.groupId)],
  );
  await recordChanges(
    trx,
    opened.map((row: { id: number; tenant_contract_id: number }) => ({
      action: 'INSERT' as const,
      entity: 'credit_control_records',
      entityId: row.id,
      actorUserId: null,
      after: { tenantContractId: row.tenant_contract_id, stage: 'ENGAGEMENT', status: 'NO_RESPONSE_YET', openedBy: 'credit control' },
    })),
  );
  const cases = await CreditControlRecord.query(trx).whereIn('tenant_contract_id', unique.map((contract) => contract.tenantContractId)).whereNot('stage', 'DEBT_RESOLVED');
  return new Map(cases.map((record) => [record.tenantContractId, record]));
}
