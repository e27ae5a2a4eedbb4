import path from 'node:path';
import { componentLogger } from '@app/api';
import { dataDir } from '@app/db';
import { readSystemCurrentDate } from '../../../api/src/modules/settings/read-current-date.service';
import { advanceNoticeWorkingDays } from '../../../api/src/modules/payments/bacs/bacs-calendar';
import { loadBacsCalendar } from '../../../api/src/modules/payments/bacs/bank-holidays';
import { receiveBureauDay, sendBureauFiles } from '../../../api/src/modules/payments/collections/apply-bacs-reports.service';
import { collectionPorts, selectBacsBureau } from '../../../api/src/modules/payments/collections/default-ports';
import { runCollections } from '../../../api/src/modules/payments/collections/run-collections.service';
import type { Handler } from '../handler';

componentLogger('workers').info(`collections through the group's card provider and the payment core; Bacs bureau: sandbox://${path.join(dataDir(), 'bacs-sandbox')}`);

/**
 * The daily collections run for the product's today (London, or the override date when staff set one): first
 * what the bureau has said (reports applied, debits settled, lodged mandates active), so that a cancelled
 * mandate or a returned debit counts today; then the due collections and the day's files; then the files go.
 */
export const paymentsCollectionsHandler: Handler<'payments.collections'> = async (job, { db, boss }) => {
  const ports = collectionPorts(db);
  const today = job.data.today ?? (await readSystemCurrentDate(db));
  const calendar = await loadBacsCalendar(db);
  const bureau = selectBacsBureau(calendar);
  // Each step's duration goes in the job's output: where a slow day spent its time, for operators.
  const started = performance.now();
  const received = await receiveBureauDay(db, { bureau, calendar, settlement: ports.settlement, boss, today });
  const receivedAt = performance.now();
  const collections = await runCollections(db, boss, { today, noticeWorkingDays: advanceNoticeWorkingDays(), settlement: ports.settlement, cards: ports.cards });
  const collectedAt = performance.now();
  const filesSent = await sendBureauFiles(db, bureau);
  const ms = (from: number, to: number) => Math.round(to - from);
  const output = { ...collections, ...received, filesSent, receiveMs: ms(started, receivedAt), collectMs: ms(receivedAt, collectedAt), sendMs: ms(collectedAt, performance.now()) };
  componentLogger('payments.collections').info(`${today}: ${JSON.stringify(output)}`);
  return output;
};
