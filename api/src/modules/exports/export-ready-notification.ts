import type { NewNotification } from '../notifications/create-notification.service';
import type { ExportFileRow } from './export-files';

/** "Your export is ready": for the staff member who asked, with a way back to the list it came from. */
export function exportReadyNotification(row: ExportFileRow, listLabel: string, rows: number): NewNotification {
  const list = row.group_id ? `/admin/${row.group_id}/${row.resource}` : null;
  return {
    userId: row.user_id,
    title: 'Export ready',
    message: `${row.file_name} (${listLabel}, ${rows.toLocaleString('en-GB')} rows) is ready to download.`,
    type: 'EXPORT_READY',
    data: { exportId: row.id, fileName: row.file_name },
    ...(list ? { goToPage: { link: list, title: `Open ${listLabel}` } } : {}),
  };
}
