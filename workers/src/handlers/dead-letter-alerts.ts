import { alertDeadLetters } from '../../../api/src/modules/jobs/dead-letter-alerts.service';
import type { Handler } from '../handler';

/** Every 5 minutes: staff who can see the job console hear about newly dead-lettered jobs, each job once. */
export const deadLetterAlertsHandler: Handler<'jobs.dead-letter-alerts'> = async (_job, { db }) => {
  await alertDeadLetters(db);
};
