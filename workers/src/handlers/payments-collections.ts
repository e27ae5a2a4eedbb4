import { readSystemCurrentDate } from '../../../api/src/modules/settings/read-current-date.service';
import { advanceNoticeWorkingDays } from '../../../api/src/modules/payments/bacs/bacs-calendar';
import { collectionPorts } from '../../../api/src/modules/payments/collections/default-ports';
import { runCollections } from '../../../api/src/modules/payments/collections/run-collections.service';
import type { Handler } from '../handler';

const ports = collectionPorts();
console.log(`[workers] collections: ${ports.name}`);

/** The daily collections run for the product's today (London, or the override date when staff set one). */
export const paymentsCollectionsHandler: Handler<'payments.collections'> = async (job, { db, boss }) => {
  const today = job.data.today ?? (await readSystemCurrentDate(db));
  const result = await runCollections(db, boss, { today, noticeWorkingDays: advanceNoticeWorkingDays(), settlement: ports.settlement, cards: ports.cards });
  console.log(`[payments.collections] ${today}: ${JSON.stringify(result)}`);
  return result;
};
