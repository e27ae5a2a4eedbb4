import type { Knex } from '@app/db';

/*
 * A small fixed data set for the finance tests (test support only), with explicit ids so references and
 * account codes are the same on every run: a BILL house with two tenants and a PLAN house with one, their
 * March 2026 statements (plus a house statement, a void one and an April one, none of which are posted),
 * a plan instalment and its direct-debit receipt, and two additional transactions.
 */
export const FINANCE_GROUP = 1;
export const MARCH = { periodStart: '2026-03-01', periodEnd: '2026-03-31' };
export const IDS = {
  staff: 990001,
  billHouseContract: 990001,
  planHouseContract: 990002,
  tenantA: 990101,
  tenantB: 990102,
  planTenant: 990201,
  houseStatement: 990501,
  statementA: 990502,
  statementB: 990503,
  finalStatement: 990504,
  voidStatement: 990505,
  aprilStatement: 990506,
  payment: 990701,
  lateFee: 990801,
  goodwill: 990802,
  instalmentEntry: 990901,
  paymentEntry: 990902,
} as const;

type Line = { utility: string; net: number; vatBp: number };

export async function buildFinanceData(db: Knex): Promise<void> {
  const g = FINANCE_GROUP;
  await db.transaction(async (trx) => {
    await trx('users').insert([
      { id: IDS.staff, email: 'finance-staff@finance.test', role: 'bill-payer', portal: 'ENERGY_BILL' },
      { id: 990011, email: 'tenant-a@finance.test', role: 'bill-payer', portal: 'ENERGY_BILL' },
      { id: 990012, email: 'tenant-b@finance.test', role: 'bill-payer', portal: 'ENERGY_BILL' },
      { id: 990013, email: 'tenant-p@finance.test', role: 'front', portal: 'MY_ACCOUNT' },
    ]);
    await trx('houses').insert([
      { id: 990001, group_id: g, street_name: '1 Finance Street', city_name: 'Leeds', post_code: 'LS6 1AA', bedrooms: 3, status: 'ACTIVE' },
      { id: 990002, group_id: g, street_name: '2 Finance Street', city_name: 'Leeds', post_code: 'LS6 1AB', bedrooms: 3, status: 'ACTIVE' },
    ]);
    const contract = { group_id: g, status: 'ACTIVE', sign_up_date: '2025-09-01', end_date: '2026-08-31', number_of_tenants: 2, customers_sharing: 2 };
    await trx('house_contracts').insert([
      { ...contract, id: IDS.billHouseContract, house_id: 990001, billing_type: 'BILL' },
      { ...contract, id: IDS.planHouseContract, house_id: 990002, billing_type: 'PLAN', plan_type: 'GREENSAVER', number_of_tenants: 1, customers_sharing: 1 },
    ]);
    const tenant = { group_id: g, status: 'ACTIVE', start_date: '2025-09-01', end_date: '2026-08-31' };
    await trx('tenant_contracts').insert([
      { ...tenant, id: IDS.tenantA, user_id: 990011, house_contract_id: IDS.billHouseContract, payment_method: 'PAY_ON_RECEIPT' },
      { ...tenant, id: IDS.tenantB, user_id: 990012, house_contract_id: IDS.billHouseContract, payment_method: 'PAY_ON_RECEIPT' },
      { ...tenant, id: IDS.planTenant, user_id: 990013, house_contract_id: IDS.planHouseContract, payment_method: 'DIRECT_DEBIT' },
    ]);

    const bill = async (id: number, fields: Record<string, unknown>, lines: Line[]) => {
      const vat = (line: Line) => Math.round((line.net * line.vatBp) / 10_000);
      const net = lines.reduce((sum, line) => sum + line.net, 0);
      const vatTotal = lines.reduce((sum, line) => sum + vat(line), 0);
      await trx('bills').insert({
        id,
        group_id: g,
        kind: 'TENANT_STATEMENT',
        house_contract_id: IDS.billHouseContract,
        period_start: '2026-03-01',
        period_end: '2026-03-31',
        issue_date: '2026-03-31',
        due_date: '2026-04-14',
        net_pence: net,
        vat_pence: vatTotal,
        total_pence: net + vatTotal,
        ...fields,
      });
      for (const line of lines) {
        await trx('bill_lines').insert({
          group_id: g,
          bill_id: id,
          utility_type: line.utility,
          description: `${line.utility} charges`,
          net_pence: line.net,
          vat_rate_bp: line.vatBp,
          vat_pence: vat(line),
          total_pence: line.net + vat(line),
        });
      }
    };
    await bill(IDS.houseStatement, { kind: 'HOUSE_STATEMENT' }, [{ utility: 'electric', net: 10_000, vatBp: 500 }]);
    await bill(IDS.statementA, { tenant_contract_id: IDS.tenantA }, [
      { utility: 'electric', net: 4_000, vatBp: 500 },
      { utility: 'gas', net: 2_000, vatBp: 500 },
    ]);
    await bill(IDS.statementB, { tenant_contract_id: IDS.tenantB }, [
      { utility: 'electric', net: 3_000, vatBp: 500 },
      { utility: 'broadband', net: 1_000, vatBp: 2000 },
    ]);
    await bill(IDS.finalStatement, { kind: 'FINAL_STATEMENT', tenant_contract_id: IDS.planTenant, house_contract_id: IDS.planHouseContract, issue_date: '2026-03-15', due_date: '2026-03-29' }, [
      { utility: 'electric', net: -2_000, vatBp: 500 },
    ]);
    await bill(IDS.voidStatement, { tenant_contract_id: IDS.tenantA, period_start: '2026-02-01', period_end: '2026-02-28', issue_date: '2026-03-02', state: 'VOID', voided_at: '2026-03-03T10:00:00Z', void_reason: 'Wrong reads' }, [
      { utility: 'electric', net: 999, vatBp: 500 },
    ]);
    await bill(IDS.aprilStatement, { tenant_contract_id: IDS.tenantA, period_start: '2026-04-01', period_end: '2026-04-30', issue_date: '2026-04-30', due_date: '2026-05-14' }, [
      { utility: 'electric', net: 5_000, vatBp: 500 },
    ]);

    await trx('payments').insert({ id: IDS.payment, group_id: g, tenant_contract_id: IDS.planTenant, amount_pence: 10_500, payment_date: '2026-03-03', method: 'DIRECT_DEBIT', status: 'PAID' });
    await trx('ledger_entries').insert([
      { id: IDS.instalmentEntry, group_id: g, tenant_contract_id: IDS.planTenant, entry_date: '2026-03-01', kind: 'INSTALMENT', amount_pence: 10_500, description: 'Instalment March 2026' },
      { id: IDS.paymentEntry, group_id: g, tenant_contract_id: IDS.planTenant, entry_date: '2026-03-03', kind: 'PAYMENT', amount_pence: -10_500, description: 'Direct debit received', payment_id: IDS.payment },
    ]);
    await trx('additional_transactions').insert([
      { id: IDS.lateFee, group_id: g, tenant_contract_id: IDS.tenantA, reference_type: 'DEBIT', amount_pence: 2_500, description: 'Late payment fee', transaction_date: '2026-03-10' },
      { id: IDS.goodwill, group_id: g, tenant_contract_id: IDS.planTenant, reference_type: 'CREDIT', amount_pence: 1_000, description: 'Goodwill credit, boiler "outage"', transaction_date: '2026-03-20' },
    ]);
  });
}
