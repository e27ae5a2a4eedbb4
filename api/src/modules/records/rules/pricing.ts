import { endAfterStart, MISC_MESSAGES, tariffNotAssignedTwice } from '../../../rules';
import type { RecordRules } from '../record-rules';
import { fieldErrors } from './field-errors';

export const DUAL_RATE_NEEDS_NIGHT_RATE = 'A dual-rate (DN) tariff needs a night unit rate';
export const TARIFF_UTILITY_MESSAGE = 'The tariff is for another utility than this service';

const Tariff: RecordRules = {
  async validate(record, { trx, existing }) {
    const sameName = await trx('tariffs')
      .where({ name: record.name })
      .modify((query) => existing && query.whereNot({ id: existing.id }))
      .first('id');
    return fieldErrors([
      ['name', 'unique', sameName ? MISC_MESSAGES.tariffNameExists : null],
      ['nightUnitRate', 'requiredForDual', record.rateType === 'DN' && (record.nightUnitRate === null || record.nightUnitRate === undefined) ? DUAL_RATE_NEEDS_NIGHT_RATE : null],
      ['validTo', 'endAfterStart', endAfterStart({ start: record.validFrom, end: record.validTo })],
      ['unitRate', 'nonNegative', (record.unitRate as number) < 0 ? 'Unit rate cannot be negative' : null],
      ['standingCharge', 'nonNegative', (record.standingCharge as number) < 0 ? 'Standing charge cannot be negative' : null],
    ]);
  },
};

const TariffAssignment: RecordRules = {
  async validate(record, { trx, existing }) {
    const others = await trx('tariff_assignments')
      .where({ service_id: record.serviceId })
      .select('id', 'tariff_id as tariffId', 'start_date as start', 'end_date as end');
    const [service, tariff] = await Promise.all([
      trx('services').where({ id: record.serviceId }).first('utility_type'),
      trx('tariffs').where({ id: record.tariffId }).first('utility_type'),
    ]);
    const twice = tariffNotAssignedTwice({
      assignment: { id: existing?.id as number | undefined, tariffId: record.tariffId as number, start: String(record.startDate), end: (record.endDate as string | null) ?? null },
      existing: others,
    });
    const overlapsAnother = others.some(
      (other: { id: number; start: string; end: string }) => other.id !== existing?.id && String(record.startDate) <= other.end && other.start <= String(record.endDate),
    );
    return fieldErrors([
      ['endDate', 'endAfterStart', endAfterStart({ start: record.startDate, end: record.endDate })],
      ['tariffId', 'notTwice', twice],
      ['startDate', 'noOverlap', !twice && overlapsAnother ? 'Tariff periods of a service must not overlap' : null],
      ['tariffId', 'sameUtility', service && tariff && service.utility_type !== tariff.utility_type ? TARIFF_UTILITY_MESSAGE : null],
    ]);
  },
};

const UsageEstimate: RecordRules = {
  async validate(record) {
    return fieldErrors([
      ['bedrooms', 'range', (record.bedrooms as number) < 1 || (record.bedrooms as number) > 14 ? 'Number of bedrooms must be between 1 and 14' : null],
      ['kwhPerYear', 'positive', (record.kwhPerYear as number) <= 0 ? 'Must be greater than 0' : null],
    ]);
  },
};

const Margin: RecordRules = {
  async validate(record) {
    return fieldErrors([['basisPoints', 'range', (record.basisPoints as number) < 0 || (record.basisPoints as number) > 10_000 ? 'Margin must be between 0 and 10000 basis points (0% to 100%)' : null]]);
  },
};

export const PRICING_RULES: Record<string, RecordRules> = { Tariff, TariffAssignment, UsageEstimate, Margin };
