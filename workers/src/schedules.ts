import type { QueueName } from '@app/api';

/** Every recurring job, in one place. Crons are read in Europe/London, so "02:00" stays 02:00 across BST. */
export const SCHEDULE_TIME_ZONE = 'Europe/London';

export interface ScheduleDefinition {
  queue: QueueName;
  cron: string;
  description: string;
}

export const SCHEDULES: ScheduleDefinition[] = [
  { queue: 'outbox.sweep', cron: '*/10 * * * *', description: 'Re-enqueue outbox messages never attempted after 15 minutes' },
  { queue: 'exports.cleanup', cron: '30 3 * * *', description: 'Delete export files past their 24 hours and mark them expired' },
  { queue: 'billing.final-statements', cron: '15 4 * * *', description: 'Issue the final statements of PLAN tenant contracts ended in the last 12 weeks' },
  { queue: 'payments.collections', cron: '0 6 * * *', description: "Collections: today's card charges and Direct Debit files (Bacs input day; files are due by 22:30)" },
  { queue: 'credit-control.failed-payments', cron: '* * * * *', description: 'Failed payments: open or advance credit control and text the tenant (within a minute of the failure)' },
  { queue: 'credit-control.ladder', cron: '0 9 * * *', description: 'Credit control: each overdue debt moves up the ladder, each step sent once (09:00, not at night)' },
  { queue: 'billing.automation', cron: '0 5 * * *', description: 'Automated billing: a bill run of last month for each group whose billing day is today' },
  { queue: 'jobs.dead-letter-alerts', cron: '*/5 * * * *', description: 'Tell staff who can see the job console about newly dead-lettered jobs' },
];
