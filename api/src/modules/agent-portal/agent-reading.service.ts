import { House, Meter, type Knex } from '@app/db';
import { DomainError } from '../../errors/domain-error';
import { storeUpload } from '../files';
import { submitMeterReading, type ReadingInput } from '../readings/submit-reading.service';
import { assertCanEdit, type AgentScope } from './agent-scope.service';

export interface AgentReadingInput extends ReadingInput {
  /** The photo of the meter, base64 in the request (the API takes JSON bodies up to 1 MB). */
  photo?: { fileName: string; contentType: string; base64: string } | null;
}

/**
 * An agent sends a meter reading for a house of the selected agency: it lands PENDING (source AGENT_APP,
 * type AGENT_REAL) for staff to approve, with the photo stored as a READING upload of the agent. A meter on
 * any other house is "Meter not found" and no photo is kept for it. View-only agencies may not send one.
 */
export async function submitAgentReading(db: Knex, scope: AgentScope, today: string, input: AgentReadingInput) {
  assertCanEdit(scope);
  return db.transaction(async (trx) => {
    const meterId = Number(input.meterId);
    const meter = Number.isSafeInteger(meterId) && meterId > 0 && meterId <= 2_147_483_647 ? await Meter.query(trx).findById(meterId) : undefined;
    const house = meter ? await House.query(trx).findById(meter.houseId) : undefined;
    const inScope = house && house.agencyId !== null && scope.agencyIds.includes(house.agencyId) ? [house.id] : [];
    let imageUploadId: number | null = null;
    if (input.photo && inScope.length > 0) {
      const data = Buffer.from(String(input.photo.base64 ?? ''), 'base64');
      if (data.length === 0) throw DomainError.invalid([{ field: 'photo', rule: 'required', message: 'The photo is empty: choose it again' }]);
      const upload = await storeUpload(trx, { groupId: meter!.groupId, resourceType: 'READING', fileName: String(input.photo.fileName ?? 'meter.jpg'), contentType: String(input.photo.contentType ?? ''), data, uploadedByUserId: scope.userId });
      imageUploadId = upload.id;
    }
    const reading = await submitMeterReading(trx, { userId: scope.userId, source: 'AGENT_APP', houseIds: inScope, today }, { ...input, imageUploadId });
    return { id: reading.id, meterId: reading.meterId, readingDate: reading.readingDate, register: reading.register, value: String(reading.value), source: reading.source, status: reading.status, hasPhoto: reading.imageUploadId !== null };
  });
}
