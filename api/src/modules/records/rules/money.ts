import type { Knex } from '@app/db';
import type { FieldError } from '../../../errors/domain-error';
import { BANK_MESSAGES, dateNotInFuture, dateNotInPast, endAfterStart, SERVICE_USER_NUMBERS, type GovernmentRebateMethod } from '../../../rules';
import { postAdditionalTransaction } from '../../billing/additional-transaction-posting';
import { outstandingDebt } from '../../billing/ledger-balance';
import { ledgerPartOf, postGovernmentRebate } from '../../rebates/rebate-posting';
import type { RecordRuleContext, RecordRules, RecordValues } from '../record-rules';
import { fieldErrors } from './field-errors';
import { settlePayment } from '../../payments/payment-ledger.service';

/** Messages of the money rules; those the specification §8 words are kept exactly. */
export const MONEY_MESSAGES = {
  refundTooHigh: 'Refund amount too high.',
  refundNotActive: 'Cannot cancel a non-active refund.',
  dailyRefundLimit: 'Daily refund limit reached.',
  referenceExists: BANK_MESSAGES.referenceExists,
  otherGroup: 'The tenant contract is not in this group.',
  otherContract: 'Belongs to another tenant contract.',
  refundNeedsPayment: 'Select the payment to refund.',
  refundPaymentNotPaid: 'Only a paid payment can be refunded.',
  refundStartsActive: 'A new refund request is ACTIVE.',
  manualPaymentStatus: 'A payment recorded by hand is PAID or OUTSTANDING.',
  meterNotInHouse: 'The meter is not in the house of this tenant contract.',
  meterNotPrepayment: 'Only prepayment meters can be topped up.',
  scheduleTimes: 'Give the number of payments.',
  scheduleEndDate: 'Give the end date.',
  scheduleCron: 'Give the cron expression.',
  rebateExists: 'This rebate is already recorded for this tenant contract and month.',
} as const;

/**
 * The per-contract daily refund limit (domain notes: configurable). A `system_settings` row holding a number of
 * refund requests a tenant contract may get per day; no row (or null) means no limit.
 */
export const REFUND_DAILY_LIMIT_SETTING = 'refundDailyLimitPerContract';

const PREPAYMENT_METER_TYPES = ['PREPAYMENT', 'SMART_PREPAYMENT'];
/** Refund statuses that no longer hold back part of the payment. */
const REFUND_RELEASED = ['CANCELLED', 'REJECTED'];

const changed = (record: RecordValues, existing: RecordValues | null, field: string) => !existing || existing[field] !== record[field];
const idOf = (value: unknown): number | null => (value === null || value === undefined || value === '' ? null : Number(value));

/**
 * The record's tenant contract is in the request's group (the reference check already looked it up within the
 * group; this keeps the rule when a caller writes without a group). group_id itself is the request's group.
 */
async function tenantContractInGroup(record: RecordValues, { trx, groupId }: RecordRuleContext): Promise<FieldError[]> {
  const id = idOf(record.tenantContractId);
  if (id === null || groupId === null) return [];
  const contract: { group_id: number } | undefined = await trx('tenant_contracts').where({ id }).first('group_id');
  return fieldErrors([['tenantContractId', 'sameGroup', contract && contract.group_id !== groupId ? MONEY_MESSAGES.otherGroup : null]]);
}

/** A referenced row (payment, mandate) belongs to the record's tenant contract. */
async function sameTenantContract(trx: Knex, table: string, field: string, record: RecordValues): Promise<FieldError[]> {
  const id = idOf(record[field]);
  if (id === null) return [];
  const row: { tenant_contract_id: number } | undefined = await trx(table).where({ id }).first('tenant_contract_id');
  return fieldErrors([[field, 'sameTenantContract', row && row.tenant_contract_id !== idOf(record.tenantContractId) ? MONEY_MESSAGES.otherContract : null]]);
}

async function dailyRefundLimit(trx: Knex, tenantContractId: number | null, today: string): Promise<number | null> {
  if (tenantContractId === null) return null;
  const setting: { value: unknown } | undefined = await trx('system_settings').where({ key: REFUND_DAILY_LIMIT_SETTING }).first('value');
  const limit = setting?.value;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 0) return null;
  const [row] = await trx('refunds')
    .where({ tenant_contract_id: tenantContractId })
    .whereRaw(`(created_at AT TIME ZONE 'Europe/London')::date = ?`, [today])
    .count({ count: '*' });
  return Number(row?.count ?? 0) >= limit ? limit : null;
}

/** A manual payment: recorded as received (PAID, with the time) or expected (OUTSTANDING), dated today or earlier. */
const Payment: RecordRules = {
  async validate(record, context) {
    const creating = !context.existing;
    return [
      ...(await tenantContractInGroup(record, context)),
      ...fieldErrors([
        ['status', 'manualStatus', creating && record.status !== 'PAID' && record.status !== 'OUTSTANDING' ? MONEY_MESSAGES.manualPaymentStatus : null],
        ['paymentDate', 'dateNotInFuture', creating ? dateNotInFuture({ date: record.paymentDate, today: context.today }) : null],
      ]),
    ];
  },
  async derive(record) {
    return record.status === 'PAID' ? { paidAt: new Date().toISOString() } : {};
  },
  /** Recorded PAID (a cheque, a bank transfer, a payment on receipt): its ledger credit is posted with it, once. */
  async afterWrite(record, { trx, existing }) {
    if (existing || record.status !== 'PAID') return;
    await settlePayment(trx, Number(record.id), { entryDate: String(record.paymentDate) });
  },
};

/**
 * A refund request: of a payment of the same tenant contract, never more than what is left of it (the payment
 * less its other refunds not cancelled or rejected), within the daily limit; only an ACTIVE refund is cancelled.
 */
const Refund: RecordRules = {
  async validate(record, context) {
    const { trx, existing, today } = context;
    const errors = [...(await tenantContractInGroup(record, context))];
    if (existing) {
      const cancelling = record.status === 'CANCELLED' && existing.status !== 'CANCELLED';
      errors.push(...fieldErrors([['status', 'cancelActiveOnly', cancelling && existing.status !== 'ACTIVE' ? MONEY_MESSAGES.refundNotActive : null]]));
      return errors;
    }
    errors.push(
      ...fieldErrors([
        ['status', 'startsActive', record.status !== 'ACTIVE' ? MONEY_MESSAGES.refundStartsActive : null],
        ['paymentId', 'required', record.refundType === 'PAYMENT' && idOf(record.paymentId) === null ? MONEY_MESSAGES.refundNeedsPayment : null],
      ]),
    );
    const paymentId = idOf(record.paymentId);
    if (paymentId !== null) {
      // Locked, so two refunds of one payment written at once cannot both pass the amount check.
      const payment: { tenant_contract_id: number; amount_pence: number; status: string } | undefined = await trx('payments')
        .where({ id: paymentId })
        .forUpdate()
        .first('tenant_contract_id', 'amount_pence', 'status');
      if (payment && payment.tenant_contract_id !== idOf(record.tenantContractId)) {
        errors.push({ field: 'paymentId', rule: 'sameTenantContract', message: MONEY_MESSAGES.otherContract });
      } else if (payment && payment.status !== 'PAID') {
        errors.push({ field: 'paymentId', rule: 'paid', message: MONEY_MESSAGES.refundPaymentNotPaid });
      } else if (payment) {
        const [sum] = await trx('refunds').where({ payment_id: paymentId }).whereNotIn('status', REFUND_RELEASED).sum({ refunded: 'amount_pence' });
        const left = payment.amount_pence - Number(sum?.refunded ?? 0);
        if ((record.amountPence as number) > left) errors.push({ field: 'amountPence', rule: 'notAbovePayment', message: MONEY_MESSAGES.refundTooHigh });
      }
    }
    if ((await dailyRefundLimit(trx, idOf(record.tenantContractId), today)) !== null) {
      errors.push({ field: 'tenantContractId', rule: 'dailyRefundLimit', message: MONEY_MESSAGES.dailyRefundLimit });
    }
    return errors;
  },
};

/** A paper direct-debit mandate: its reference is unique; it carries the brand's service user number. */
const DirectDebitMandate: RecordRules = {
  async validate(record, context) {
    const { trx, existing } = context;
    const reference = typeof record.reference === 'string' ? record.reference.trim() : null;
    const taken =
      reference && changed(record, existing, 'reference')
        ? await trx('direct_debit_mandates')
            .where({ reference })
            .modify((query) => existing && query.whereNot({ id: existing.id }))
            .first('id')
        : undefined;
    return [...(await tenantContractInGroup(record, context)), ...fieldErrors([['reference', 'unique', taken ? MONEY_MESSAGES.referenceExists : null]])];
  },
  async derive(record, { trx, groupId }) {
    const group: { service_user_number: string } | undefined = groupId === null ? undefined : await trx('groups').where({ id: groupId }).first('service_user_number');
    const sun = group?.service_user_number;
    return {
      // Stored as six digits ("12-34-56" → "123456"), as the database requires.
      sortCode: typeof record.sortCode === 'string' ? record.sortCode.replace(/\D/g, '') : record.sortCode,
      serviceUserNumber: sun && (SERVICE_USER_NUMBERS as readonly string[]).includes(sun) ? sun : null,
    };
  },
};

/** Staff only switch a method on or off; its mandate (direct debit) is the same tenant contract's. */
const PaymentMethod: RecordRules = {
  async validate(record, context) {
    return [...(await tenantContractInGroup(record, context)), ...(await sameTenantContract(context.trx, 'direct_debit_mandates', 'mandateId', record))];
  },
};

/** Staff only set the tracker review; the mandate and payment are the same tenant contract's. */
const DirectDebitTransaction: RecordRules = {
  async validate(record, context) {
    return [
      ...(await sameTenantContract(context.trx, 'direct_debit_mandates', 'mandateId', record)),
      ...(await sameTenantContract(context.trx, 'payments', 'paymentId', record)),
    ];
  },
};

const PaymentSchedule: RecordRules = {
  async validate(record, context) {
    const { existing, today } = context;
    return [
      ...(await tenantContractInGroup(record, context)),
      ...fieldErrors([
        ['times', 'required', record.endType === 'TIMES' && (record.times === null || record.times === undefined) ? MONEY_MESSAGES.scheduleTimes : null],
        ['endDate', 'required', record.endType === 'DATE' && !record.endDate ? MONEY_MESSAGES.scheduleEndDate : null],
        ['endDate', 'endAfterStart', endAfterStart({ start: record.startDate, end: record.endDate })],
        ['cron', 'required', record.scheduleType === 'CRON' && !record.cron ? MONEY_MESSAGES.scheduleCron : null],
        ['startDate', 'dateNotInPast', changed(record, existing, 'startDate') ? dateNotInPast({ date: record.startDate, today }) : null],
      ]),
    ];
  },
};

/** A top-up goes on a prepayment meter of the tenant contract's house. */
const TopUp: RecordRules = {
  async validate(record, context) {
    const { trx } = context;
    const meter: { house_id: number; meter_type: string } | undefined = await trx('meters').where({ id: idOf(record.meterId) }).first('house_id', 'meter_type');
    const house: { house_id: number } | undefined = await trx('tenant_contracts as tc')
      .join('house_contracts as hc', 'hc.id', 'tc.house_contract_id')
      .where('tc.id', idOf(record.tenantContractId) ?? 0)
      .first('hc.house_id');
    return [
      ...(await tenantContractInGroup(record, context)),
      ...fieldErrors([
        ['meterId', 'sameHouse', meter && house && meter.house_id !== house.house_id ? MONEY_MESSAGES.meterNotInHouse : null],
        ['meterId', 'prepayment', meter && !PREPAYMENT_METER_TYPES.includes(meter.meter_type) ? MONEY_MESSAGES.meterNotPrepayment : null],
      ]),
    ];
  },
};

/** Created (never edited): its ledger entry is posted with it, ADDITIONAL_DEBIT + or ADDITIONAL_CREDIT −. */
const AdditionalTransaction: RecordRules = {
  async validate(record, context) {
    return tenantContractInGroup(record, context);
  },
  async afterWrite(record, { trx, groupId, existing }) {
    if (existing) return;
    await postAdditionalTransaction(trx, {
      id: Number(record.id),
      groupId: groupId!,
      tenantContractId: Number(record.tenantContractId),
      referenceType: record.referenceType as 'CREDIT' | 'DEBIT',
      amountPence: record.amountPence as number,
      description: String(record.description),
      transactionDate: String(record.transactionDate),
    });
  },
};

/** One rebate payment per scheme, month and tenant contract (the database also says so). */
const GovernmentRebate: RecordRules = {
  async validate(record, context) {
    const { trx, existing } = context;
    const duplicate = !existing
      ? await trx('government_rebates').where({ tenant_contract_id: idOf(record.tenantContractId), scheme_name: record.schemeName, payment_month: record.paymentMonth }).first('id')
      : undefined;
    return [...(await tenantContractInGroup(record, context)), ...fieldErrors([['paymentMonth', 'unique', duplicate ? MONEY_MESSAGES.rebateExists : null]])];
  },
  /** Created (never edited): its credited part posts to the ledger with it, by its method (rebates/rebate-posting.ts). */
  async afterWrite(record, { trx, groupId, existing, today, user }) {
    if (existing) return;
    const tenantContractId = Number(record.tenantContractId);
    const method = record.method as GovernmentRebateMethod;
    const paymentMonth = String(record.paymentMonth);
    const ledgerPence = ledgerPartOf(method, record.amountPence as number, await outstandingDebt(trx, tenantContractId), paymentMonth);
    const rebate = { id: Number(record.id), groupId: groupId!, tenantContractId, schemeName: String(record.schemeName), paymentMonth, method, amountPence: record.amountPence as number };
    await postGovernmentRebate(trx, rebate, ledgerPence, today, user.id);
  },
};

/** Cross-record rules of the money resources (bills, ledger, journals and exports are written by workflows only). */
export const MONEY_RULES: Record<string, RecordRules> = {
  Payment,
  Refund,
  DirectDebitMandate,
  PaymentMethod,
  DirectDebitTransaction,
  PaymentSchedule,
  TopUp,
  AdditionalTransaction,
  GovernmentRebate,
};
