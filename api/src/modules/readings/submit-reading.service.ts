import { Meter, MeterReading, Upload, type Knex } from '@app/db';
import { recordChange } from '../../audit/record-change';
import { DomainError, type FieldError } from '../../errors/domain-error';
import { dateNotInFuture, isCalendarDate, MAX_READING_VALUE, METER_REGISTERS, readingConcern, INVALID_DATE } from '../../rules';

/** Who reads meters outside the back office, and how their readings are typed. */
export const SUBMISSION_SOURCES = {
  TENANT_PORTAL: 'TENANT_REAL',
  AGENT_APP: 'AGENT_REAL',
  OFFICER_APP: 'PROVIDER_REPRESENTATIVE_REAL',
  BACK_OFFICE: 'ACTUAL',
} as const;
export type SubmissionSource = keyof typeof SUBMISSION_SOURCES;

export interface ReadingSubmitter {
  userId: number;
  source: SubmissionSource;
  /** The houses whose meters this person may read (their own house, their agency's houses, …): resolved by the caller's module. */
  houseIds: readonly number[];
  today: string;
}

export interface ReadingInput {
  meterId: unknown;
  readingDate: unknown;
  register?: unknown;
  value: unknown;
  /** A READING upload of the same person (the photo of the meter), optional. */
  imageUploadId?: unknown;
  /** The person looked again after being told the reading is lower than the last or implausibly high. */
  confirmed?: unknown;
}

const invalid = (fields: FieldError[]) => DomainError.invalid(fields);

/**
 * A reading sent for approval by a tenant, an agent or a field officer: it lands PENDING for staff, with
 * its photo. The meter must be on one of the submitter's houses (an unknown or foreign meter is the same
 * "not found"), the register one the meter has, the date a real one not in the future, the value within
 * the column. A value lower than the last reading or implausibly high is refused with `needsConfirmation`
 * until the person confirms it.
 */
export async function submitMeterReading(trx: Knex, submitter: ReadingSubmitter, input: ReadingInput): Promise<MeterReading> {
  const meterId = Number(input.meterId);
  const meter = Number.isSafeInteger(meterId) && meterId > 0 && meterId <= 2_147_483_647 ? await Meter.query(trx).findById(meterId) : undefined;
  if (!meter || !submitter.houseIds.includes(meter.houseId)) throw invalid([{ field: 'meterId', rule: 'exists', message: 'Meter not found' }]);
  if (!meter.isActive) throw invalid([{ field: 'meterId', rule: 'active', message: 'This meter is no longer in use' }]);

  const register = input.register === undefined || input.register === null || input.register === '' ? 'SINGLE' : String(input.register);
  const registers = meter.rateType === 'DUAL' ? ['DAY', 'NIGHT'] : ['SINGLE'];
  const value = typeof input.value === 'string' && input.value.trim() !== '' ? Number(input.value) : input.value;
  const errors: FieldError[] = [];
  if (!(METER_REGISTERS as readonly string[]).includes(register) || !registers.includes(register)) {
    errors.push({ field: 'register', rule: 'oneOf', message: `This meter's register is ${registers.join(' or ')}` });
  }
  if (!isCalendarDate(input.readingDate)) errors.push({ field: 'readingDate', rule: 'validDate', message: INVALID_DATE });
  else {
    const future = dateNotInFuture({ date: input.readingDate, today: submitter.today });
    if (future) errors.push({ field: 'readingDate', rule: 'dateNotInFuture', message: future });
  }
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > MAX_READING_VALUE || Math.round(value * 1000) !== value * 1000) {
    errors.push({ field: 'value', rule: 'reading', message: 'Enter the reading as a number of at most 3 decimal places' });
  }
  if (errors.length) throw invalid(errors);

  let imageUploadId: number | null = null;
  if (input.imageUploadId !== undefined && input.imageUploadId !== null && input.imageUploadId !== '') {
    const upload = await Upload.query(trx).findById(Number(input.imageUploadId) || 0);
    if (!upload || upload.resourceType !== 'READING' || upload.uploadedByUserId !== submitter.userId || upload.groupId !== meter.groupId) {
      throw invalid([{ field: 'imageUploadId', rule: 'exists', message: 'Photo not found: upload it again' }]);
    }
    imageUploadId = upload.id;
  }

  const readingDate = input.readingDate as string;
  const previous = await MeterReading.query(trx)
    .where({ meter_id: meter.id, register })
    .whereNotIn('status', ['DECLINED', 'REJECTED', 'ARCHIVED'])
    .where('reading_date', '<=', readingDate)
    .orderBy([{ column: 'reading_date', order: 'desc' }, { column: 'id', order: 'desc' }])
    .first();
  const concern = readingConcern(meter.utilityType, previous ? { readingDate: previous.readingDate, value: Number(previous.value) } : null, { readingDate, value: value as number });
  if (concern && input.confirmed !== true) {
    throw new DomainError('BAD_USER_INPUT', concern.message, { fields: [{ field: 'value', rule: concern.rule, message: concern.message }], needsConfirmation: true });
  }

  const reading = await MeterReading.query(trx).insertAndFetch({
    groupId: meter.groupId,
    meterId: meter.id,
    houseId: meter.houseId,
    readingDate,
    register,
    value: String(value),
    source: submitter.source,
    type: SUBMISSION_SOURCES[submitter.source],
    status: 'PENDING',
    imageUploadId,
    submittedByUserId: submitter.userId,
  });
  await recordChange(trx, { action: 'INSERT', entity: 'meter_readings', entityId: reading.id, actorUserId: submitter.userId, after: { ...reading } });
  return reading;
}
