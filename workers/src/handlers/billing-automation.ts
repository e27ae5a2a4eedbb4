import { runBillingAutomation } from '../../../api/src/modules/billing';
import type { Handler } from '../handler';

/** The daily automated billing: an automated bill run of last month for each group whose billing day is today. */
export const billingAutomationHandler: Handler<'billing.automation'> = async (_job, { db, boss }) => {
  const output = await runBillingAutomation(db, boss);
  // A refusal that means "already done" (or a setting that cannot be used) leaves a line in the workers' log too.
  for (const group of output.groups) if ('reason' in group) console.log(`[billing.automation] group ${group.groupId}: ${group.status} (${group.reason})`);
  return output;
};
