import { runBillingAutomation } from '../../../api/src/modules/billing';
import { componentLogger } from '@app/api';
import type { Handler } from '../handler';

const log = componentLogger('billing.automation');

/** The daily automated billing: an automated bill run of last month for each group whose billing day is today. */
export const billingAutomationHandler: Handler<'billing.automation'> = async (_job, { db, boss }) => {
  const output = await runBillingAutomation(db, boss);
  // A refusal that means "already done" (or a setting that cannot be used) leaves a line in the workers' log too.
  for (const group of output.groups) if ('reason' in group) log.info({ groupId: group.groupId, status: group.status, reason: group.reason }, `group ${group.groupId}: ${group.status} (${group.reason})`);
  return output;
};
