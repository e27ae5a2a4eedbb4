import CloudDoneIcon from '@mui/icons-material/CloudDone';
import DownloadIcon from '@mui/icons-material/Download';
import { Button, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { useGroupId } from '../../bootstrap/GroupIdContext';
import { ConfirmAction } from '../ConfirmAction';
import { canManageAccounting, exportAccountingExport, markExportedToSage } from './finance-api';
import { useExportJob } from '../exports/useExportJob';
import { useRefreshWhen } from './useRefreshWhen';

export interface AccountingExportRecord {
  id: string | number;
  status: 'NOT_EXPORTED' | 'EXPORTED' | 'EXPORTED_TO_SAGE' | string;
}

/** "Export Sage CSV": the job writes Sage's audit-trail CSV (rejected rows left out), it downloads, the export shows EXPORTED. Again as often as needed until it is in Sage. */
export function ExportSageCsvButton() {
  const record = useRecordContext<AccountingExportRecord>();
  const groupId = useGroupId();
  const { running, follow, progress } = useExportJob();
  const refreshWhen = useRefreshWhen<AccountingExportRecord>('AccountingExport');
  if (!record || record.status === 'EXPORTED_TO_SAGE' || !canManageAccounting()) return null;
  return (
    <>
      <Button
        label="Export Sage CSV"
        disabled={running}
        onClick={() =>
          void follow(
            () => exportAccountingExport(groupId, record.id),
            () => refreshWhen(record.id, (current) => current.status !== 'NOT_EXPORTED'),
          )
        }
      >
        <DownloadIcon />
      </Button>
      {progress}
    </>
  );
}

/** "Mark exported to Sage": staff confirm Sage imported the file; its rows not rejected become EXPORTED. Only once the CSV is written. */
export function MarkExportedToSageButton() {
  const record = useRecordContext<AccountingExportRecord>();
  const groupId = useGroupId();
  const notify = useNotify();
  const refresh = useRefresh();
  if (!record || record.status !== 'EXPORTED' || !canManageAccounting()) return null;
  return (
    <ConfirmAction
      label="Mark exported to Sage"
      title="Mark exported to Sage"
      explanation="Confirm that Sage has imported this export's CSV. Its rows are then marked exported and the export can no longer be exported again."
      confirm="Mark exported"
      icon={<CloudDoneIcon />}
      testId="mark-exported-to-sage"
      act={async () => {
        await markExportedToSage(groupId, record.id);
        notify(`Accounting export #${record.id} marked as exported to Sage`, { type: 'success' });
        refresh();
      }}
    />
  );
}
