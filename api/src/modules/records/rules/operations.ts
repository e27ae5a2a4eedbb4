import type { FieldError } from '../../../errors/domain-error';
import { atLeastOneOf, isCalendarDate, isFinishedVisit, promoCodeNotTenantId, smsText, SYSTEM_SETTING_FLAGS, VISIT_MESSAGES, VISIT_STATUSES_WITH_RESULT, visitTransitionAllowed } from '../../../rules';
import { unknownPlaceholders } from '../../credit-control/render-template';
import { isBlank } from '../../../rules/validation/common';
import type { RecordRuleContext, RecordRules, RecordValues } from '../record-rules';

/** Messages of the cross-record rules of credit control, operations and settings. */
export const OPERATIONS_MESSAGES = {
  /** Specification §5, exactly. */
  nextChasedAfterLastChased: 'Next chased date must be after last chased date',
  creditControlAlreadyOpen: 'This tenant contract already has an open credit control case',
  visitCompleteNeedsResult: 'A completed visit needs a completion result',
  visitCompleteNeedsDate: 'A completed visit needs a completed date',
  complaintResolvedNeedsDate: 'A resolved complaint needs a resolved date',
  complaintResolvedBeforeReceived: 'Resolved date cannot be before received date',
  complaintAbout: 'Choose the tenant contract or the house contract the complaint is about',
  dealWith: 'Choose the agency lead or the agency the deal is with',
  tenantContractNotInHouseContract: 'The tenant contract does not belong to this house contract',
  blacklistEmailExists: 'This e-mail address is already on the blacklist',
  codeExists: 'This code is already in use',
  validToBeforeValidFrom: 'Valid to cannot be before valid from',
  notNegative: 'Cannot be negative',
  bankHolidayExists: 'This date is already a bank holiday',
  settingFlagBoolean: 'This setting is true or false',
  settingDateOverride: 'Enter the override date as YYYY-MM-DD, or leave it empty for no override',
  stepNeedsDays: 'Enter the days overdue at which this step goes',
  stepSentOnEvent: 'This step goes on its event (a failed payment, a change of stage), not after a number of days: leave it empty',
  emailTemplateNeedsSubject: 'An e-mail needs a subject',
  smsTemplateHasNoSubject: 'A text message has no subject: leave it empty',
  unknownPlaceholder: 'Unknown placeholder',
} as const;

/** Steps sent on an event rather than after days overdue (the table's check says the same). */
const EVENT_STEPS = ['FAILED_PAYMENT', 'STAGE_COMMUNICATION'];

/** The system setting read by getSystemCurrentDate while enableDateOverriding is on. */
const CURRENT_DATE_OVERRIDE = 'currentDateOverride';

type Id = string | number;

/** A reference or id as given (GraphQL ids arrive as strings); null when empty. */
function idOf(value: unknown): Id | null {
  if (isBlank(value)) return null;
  return typeof value === 'number' || typeof value === 'string' ? value : null;
}

/** The id of the record being changed (null on create). */
function ownId(record: RecordValues, context: RecordRuleContext): Id | null {
  return idOf(context.existing?.id ?? record.id);
}

function fail(field: string, rule: string, message: string): FieldError {
  return { field, rule, message };
}

/** Another row of `table` has this code, whatever its case and surrounding spaces. */
async function codeTaken(context: RecordRuleContext, table: string, code: string, except: Id | null): Promise<boolean> {
  const query = context.trx(table).whereRaw('lower(code) = ?', [code.trim().toLowerCase()]).first('id');
  if (except !== null) query.whereNot({ id: except });
  return (await query) !== undefined;
}

/** The code of a promo link or a referral code: not a tenant ID, and unique over both tables. */
async function checkCode(record: RecordValues, context: RecordRuleContext, own: 'promo_links' | 'referral_codes'): Promise<FieldError[]> {
  if (typeof record.code !== 'string' || isBlank(record.code)) return [];
  const looksLikeTenantId = promoCodeNotTenantId(record.code);
  if (looksLikeTenantId) return [fail('code', 'promoCodeNotTenantId', looksLikeTenantId)];
  const self = ownId(record, context);
  const other = own === 'promo_links' ? 'referral_codes' : 'promo_links';
  if ((await codeTaken(context, own, record.code, self)) || (await codeTaken(context, other, record.code, null))) {
    return [fail('code', 'unique', OPERATIONS_MESSAGES.codeExists)];
  }
  return [];
}

function notNegative(record: RecordValues, field: string): FieldError[] {
  const value = record[field];
  return typeof value === 'number' && value < 0 ? [fail(field, 'nonNegative', OPERATIONS_MESSAGES.notNegative)] : [];
}

/** Both dates given and `later` is not strictly after `earlier` (or, with `allowSame`, before it). */
function notAfter(earlier: unknown, later: unknown, allowSame = false): boolean {
  if (!isCalendarDate(earlier) || !isCalendarDate(later)) return false;
  return allowSame ? later < earlier : later <= earlier;
}

/**
 * The visit workflow (rules/visit-workflow.ts) on every write of a visit, whoever makes it: the status moves only
 * along the workflow, a finished visit keeps every value it had, and a visit reported or completed says what
 * happened. Values saved back unchanged always pass (the back office saves whole records).
 */
function visitWorkflowErrors(record: RecordValues, existing: RecordValues | null): FieldError[] {
  const from = existing ? String(existing.status) : null;
  const to = String(record.status);
  if (existing && isFinishedVisit(from)) {
    const changed = Object.keys(record).filter((field) => field !== 'updatedAt' && JSON.stringify(record[field] ?? null) !== JSON.stringify(existing[field] ?? null));
    return changed.length ? [fail(changed.includes('status') ? 'status' : changed[0]!, 'finished', VISIT_MESSAGES.finished(from!))] : [];
  }
  if (!visitTransitionAllowed(from, to)) return [fail('status', 'transition', VISIT_MESSAGES.transition(from!, to))];
  if (from !== to && VISIT_STATUSES_WITH_RESULT.includes(to as never) && isBlank(record.completionResult)) {
    return [fail('completionResult', 'requiredWhenReported', VISIT_MESSAGES.needsResult)];
  }
  return [];
}

export const OPERATIONS_RULES: Record<string, RecordRules> = {
  CreditControlRecord: {
    async validate(record, context) {
      const errors: FieldError[] = [];
      if (notAfter(record.lastChasedDate, record.nextChasedDate)) {
        errors.push(fail('nextChasedDate', 'nextChasedAfterLastChased', OPERATIONS_MESSAGES.nextChasedAfterLastChased));
      }
      // One open case per contract (a partial unique index says so too). The contract's group is checked with
      // the references, before these rules run.
      const contractId = idOf(record.tenantContractId);
      if (contractId !== null && record.stage !== 'DEBT_RESOLVED') {
        const self = ownId(record, context);
        const open = context.trx('credit_control_records').where({ tenant_contract_id: contractId }).whereNot({ stage: 'DEBT_RESOLVED' }).first('id');
        if (self !== null) open.whereNot({ id: self });
        if ((await open) !== undefined) errors.push(fail('tenantContractId', 'oneOpenCase', OPERATIONS_MESSAGES.creditControlAlreadyOpen));
      }
      return errors;
    },
  },

  HouseVisit: {
    async validate(record, context) {
      const errors: FieldError[] = [...visitWorkflowErrors(record, context.existing)];
      if (record.status === 'COMPLETE') {
        if (isBlank(record.completionResult)) errors.push(fail('completionResult', 'requiredWhenComplete', OPERATIONS_MESSAGES.visitCompleteNeedsResult));
        if (isBlank(record.completedDate)) errors.push(fail('completedDate', 'requiredWhenComplete', OPERATIONS_MESSAGES.visitCompleteNeedsDate));
      }
      return errors;
    },
  },

  Complaint: {
    async validate(record, context) {
      const errors: FieldError[] = [];
      if (atLeastOneOf({ values: record, fields: ['tenantContractId', 'houseContractId'] })) {
        errors.push(fail('tenantContractId', 'atLeastOneOf', OPERATIONS_MESSAGES.complaintAbout), fail('houseContractId', 'atLeastOneOf', OPERATIONS_MESSAGES.complaintAbout));
      }
      if (record.status === 'RESOLVED' && isBlank(record.resolvedDate)) {
        errors.push(fail('resolvedDate', 'requiredWhenResolved', OPERATIONS_MESSAGES.complaintResolvedNeedsDate));
      }
      if (notAfter(record.receivedDate, record.resolvedDate, true)) {
        errors.push(fail('resolvedDate', 'resolvedAfterReceived', OPERATIONS_MESSAGES.complaintResolvedBeforeReceived));
      }
      // Both given: the tenant contract is one of the house contract's (the references were checked already).
      const tenantContractId = idOf(record.tenantContractId);
      const houseContractId = idOf(record.houseContractId);
      if (tenantContractId !== null && houseContractId !== null) {
        const contract: { house_contract_id: number | null } | undefined = await context.trx('tenant_contracts').where({ id: tenantContractId }).first('house_contract_id');
        if (contract?.house_contract_id != null && String(contract.house_contract_id) !== String(houseContractId)) {
          errors.push(fail('tenantContractId', 'tenantContractInHouseContract', OPERATIONS_MESSAGES.tenantContractNotInHouseContract));
        }
      }
      return errors;
    },
  },

  PromoLink: {
    async validate(record, context) {
      const errors = await checkCode(record, context, 'promo_links');
      if (notAfter(record.validFrom, record.validTo, true)) errors.push(fail('validTo', 'validToAfterValidFrom', OPERATIONS_MESSAGES.validToBeforeValidFrom));
      return errors;
    },
  },

  ReferralCode: {
    async validate(record, context) {
      return [...(await checkCode(record, context, 'referral_codes')), ...notNegative(record, 'rewardPence')];
    },
  },

  EmailBlacklist: {
    async validate(record, context) {
      if (typeof record.email !== 'string' || isBlank(record.email)) return [];
      const self = ownId(record, context);
      const query = context.trx('email_blacklist').whereRaw('lower(btrim(email)) = ?', [record.email.trim().toLowerCase()]).first('id');
      if (self !== null) query.whereNot({ id: self });
      return (await query) === undefined ? [] : [fail('email', 'unique', OPERATIONS_MESSAGES.blacklistEmailExists)];
    },
  },

  BankHoliday: {
    async validate(record, context) {
      if (!isCalendarDate(record.date)) return [];
      const self = ownId(record, context);
      const query = context.trx('bank_holidays').where({ date: record.date }).first('id');
      if (self !== null) query.whereNot({ id: self });
      return (await query) === undefined ? [] : [fail('date', 'unique', OPERATIONS_MESSAGES.bankHolidayExists)];
    },
  },

  Deal: {
    async validate(record) {
      const errors: FieldError[] = [];
      if (atLeastOneOf({ values: record, fields: ['agencyLeadId', 'agencyId'] })) {
        errors.push(fail('agencyLeadId', 'atLeastOneOf', OPERATIONS_MESSAGES.dealWith), fail('agencyId', 'atLeastOneOf', OPERATIONS_MESSAGES.dealWith));
      }
      return [...errors, ...notNegative(record, 'valuePence')];
    },
  },

  CreditControlStep: {
    async validate(record, context) {
      const step = context.existing?.step ?? record.step;
      const onEvent = EVENT_STEPS.includes(String(step));
      if (onEvent && !isBlank(record.daysOverdue)) return [fail('daysOverdue', 'sentOnEvent', OPERATIONS_MESSAGES.stepSentOnEvent)];
      if (!onEvent && isBlank(record.daysOverdue)) return [fail('daysOverdue', 'required', OPERATIONS_MESSAGES.stepNeedsDays)];
      return [];
    },
  },

  MessageTemplate: {
    async validate(record, context) {
      const errors: FieldError[] = [];
      const channel = context.existing?.channel ?? record.channel;
      if (channel === 'EMAIL' && isBlank(record.subject)) errors.push(fail('subject', 'required', OPERATIONS_MESSAGES.emailTemplateNeedsSubject));
      if (channel === 'SMS' && !isBlank(record.subject)) errors.push(fail('subject', 'smsNoSubject', OPERATIONS_MESSAGES.smsTemplateHasNoSubject));
      if (channel === 'SMS' && typeof record.body === 'string') {
        const tooLong = smsText(record.body);
        if (tooLong) errors.push(fail('body', 'smsText', tooLong));
      }
      for (const field of ['subject', 'body']) {
        const unknown = typeof record[field] === 'string' ? unknownPlaceholders(record[field] as string) : [];
        if (unknown.length) errors.push(fail(field, 'placeholder', `${OPERATIONS_MESSAGES.unknownPlaceholder}: ${unknown.map((name) => `{{${name}}}`).join(', ')}`));
      }
      return errors;
    },
  },

  SystemSetting: {
    async validate(record, context) {
      const key = context.existing?.key ?? record.key;
      const value = record.value;
      if ((SYSTEM_SETTING_FLAGS as readonly unknown[]).includes(key) && typeof value !== 'boolean') {
        return [fail('value', 'boolean', OPERATIONS_MESSAGES.settingFlagBoolean)];
      }
      if (key === CURRENT_DATE_OVERRIDE && value !== null && value !== '' && !isCalendarDate(value)) {
        return [fail('value', 'dateOverride', OPERATIONS_MESSAGES.settingDateOverride)];
      }
      return [];
    },
  },
};
