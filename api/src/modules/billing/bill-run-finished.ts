import type { Knex } from '@app/db';
import { createNotifications } from '../notifications/create-notification.service';

interface FinishedRun {
  id: number;
  group_id: number;
  requested_by: number | null;
  status: string;
  period_start: string;
  houses_done: number;
  houses_already_billed: number;
  houses_failed: number;
}

/**
 * Marks the runs among `billRunIds` whose last house has just been settled as finished, and tells the staff
 * member who started each one. The `finished_at IS NULL` guard makes this happen once per run, whichever
 * batch (or recount) settles the last house, so the notification is never sent twice.
 */
export async function finishRuns(trx: Knex.Transaction, billRunIds: readonly number[]): Promise<void> {
  if (!billRunIds.length) return;
  const { rows } = await trx.raw<{ rows: FinishedRun[] }>(
    `UPDATE bill_runs SET status = CASE WHEN houses_failed > 0 THEN 'COMPLETED_WITH_FAILURES' ELSE 'COMPLETED' END,
            finished_at = now(), updated_at = now()
      WHERE id = ANY(?) AND started_at IS NOT NULL AND houses_remaining = 0 AND finished_at IS NULL
      RETURNING id, group_id, requested_by, status, to_char(period_start, 'YYYY-MM-DD') AS period_start,
                houses_done, houses_already_billed, houses_failed`,
    [[...billRunIds]],
  );
  await createNotifications(
    trx,
    rows
      .filter((run) => run.requested_by !== null)
      .map((run) => ({
        userId: run.requested_by!,
        title: run.houses_failed > 0 ? 'Bill run finished with failures' : 'Bill run finished',
        message: `Bill run ${run.id} from ${run.period_start}: ${run.houses_done} houses billed, ${run.houses_already_billed} already billed, ${run.houses_failed} failed.`,
        notificationType: run.houses_failed > 0 ? ('WARNING' as const) : ('SUCCESS' as const),
        type: 'BILL_RUN_FINISHED',
        data: { billRunId: run.id },
        goToPage: { link: `/admin/${run.group_id}/BillRun/${run.id}/show`, title: 'Open the bill run' },
      })),
  );
}
