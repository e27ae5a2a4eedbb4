import type { Knex } from '@app/db';
import type { BacsCalendar } from '../bacs/bacs-calendar';
import { serviceUser } from '../bacs/service-users';
import { writeAuddisFile, type InstructionItem } from '../bacs/standard18';

/**
 * The day's AUDDIS file for a group's service user, in the collections run's transaction: every mandate set
 * up and not yet lodged (paperless or paper, PENDING) goes in as a new instruction (0N) and is marked lodged
 * today; every mandate being cancelled (CANCELLING) goes in as a cancellation (0C) and becomes INACTIVE. Bacs
 * takes files on working days only, and one AUDDIS file per service user a day: a mandate set up after the
 * day's file waits for the next. A lodged mandate becomes ACTIVE once its processing day has passed without
 * a rejection (receiveBureauDay).
 */
export async function lodgeMandates(trx: Knex.Transaction, calendar: BacsCalendar, group: { id: number; name: string; service_user_number: string }, today: string): Promise<number> {
  if (!calendar.isWorkingDay(today)) return 0;
  const already = await trx('bacs_submissions').where({ service_user_number: group.service_user_number, kind: 'AUDDIS', submission_date: today }).first('id');
  if (already) return 0;
  // A mandate kept before full account numbers were (demo data, old imports) cannot be written in a file: its
  // cancellation is recorded without a 0C, and staff see it INACTIVE like any other.
  await trx('direct_debit_mandates').where({ group_id: group.id, status: 'CANCELLING' }).whereNull('account_number').update({ status: 'INACTIVE', updated_at: trx.fn.now() });
  const mandates: Array<{ id: number; status: string; reference: string; sort_code: string; account_number: string; account_name: string }> = await trx('direct_debit_mandates')
    .where({ group_id: group.id })
    .whereNotNull('account_number')
    .where((q) => q.where((p) => p.where({ status: 'PENDING' }).whereNull('lodged_on')).orWhere({ status: 'CANCELLING' }))
    .orderBy('id')
    .select('id', 'status', 'reference', 'sort_code', 'account_number', 'account_name');
  if (mandates.length === 0) return 0;
  const items: InstructionItem[] = mandates.map((m) => ({
    kind: m.status === 'CANCELLING' ? 'CANCEL' : 'NEW',
    sortCode: m.sort_code,
    accountNumber: m.account_number.padStart(8, '0'),
    accountName: m.account_name,
    reference: m.reference,
  }));
  const header = { serviceUser: serviceUser(group.service_user_number, group.name), processingDate: calendar.addWorkingDays(today, 1), createdOn: today, fileNumber: 2 };
  await trx('bacs_submissions').insert({
    group_id: group.id,
    service_user_number: group.service_user_number,
    kind: 'AUDDIS',
    submission_date: today,
    processing_date: header.processingDate,
    item_count: items.length,
    total_pence: 0,
    file: writeAuddisFile(header, items),
  });
  const ids = (status: string) => mandates.filter((m) => m.status === status).map((m) => m.id);
  await trx('direct_debit_mandates').whereIn('id', ids('PENDING')).update({ lodged_on: today, service_user_number: group.service_user_number, updated_at: trx.fn.now() });
  await trx('direct_debit_mandates').whereIn('id', ids('CANCELLING')).update({ status: 'INACTIVE', updated_at: trx.fn.now() });
  return items.length;
}
