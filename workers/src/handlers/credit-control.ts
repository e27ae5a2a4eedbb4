import { componentLogger, loadConfig } from '@app/api';
import { processFailedPayments } from '../../../api/src/modules/credit-control/process-failed-payments.service';
import { runCreditControlLadder } from '../../../api/src/modules/credit-control/run-ladder.service';
import { readSystemCurrentDate } from '../../../api/src/modules/settings/read-current-date.service';
import type { Handler } from '../handler';

/** The pay link in messages points at the site the tenants use (BASE_URL). */
const payLinkBase = (): string => loadConfig().baseUrl;

/** The daily ladder, for the product's today (London, or the override date staff set). */
export const creditControlLadderHandler: Handler<'credit-control.ladder'> = async (job, { db, boss }) => {
  const today = job.data.today ?? (await readSystemCurrentDate(db));
  const output = await runCreditControlLadder(db, boss, { today, payLinkBase: payLinkBase() });
  componentLogger('credit-control.ladder').info(`${today}: ${JSON.stringify(output)}`);
  return output;
};

/** Failed payments not processed yet; payments that could not be processed are named in the output, with their error. */
export const creditControlFailedPaymentsHandler: Handler<'credit-control.failed-payments'> = async (_job, { db, boss }) => {
  const output = await processFailedPayments(db, boss, { payLinkBase: payLinkBase() });
  if (output.processed || output.errors.length) componentLogger('credit-control.failed-payments').info(JSON.stringify(output));
  return output;
};
