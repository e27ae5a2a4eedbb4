import { useState } from 'react';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Button, useListContext, useNotify, useRefresh, useUnselectAll } from 'react-admin';
import { useGroupId } from '../../bootstrap/GroupIdContext';
import { approvalSummary, approveReadings, canDecideReadings } from './readings-api';

/** The readings list's bulk action: approves the selected readings (or approves them for billing). */
export function BulkApproveReadingsButton({ status = 'APPROVED' }: { status?: 'APPROVED' | 'APPROVED_FOR_BILLING' }) {
  const { selectedIds } = useListContext();
  const groupId = useGroupId();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll('MeterReading');
  const [busy, setBusy] = useState(false);
  if (!canDecideReadings()) return null;
  const approve = async () => {
    setBusy(true);
    try {
      const result = await approveReadings(groupId, selectedIds, status);
      notify(approvalSummary(result, status), { type: result.refused.length ? 'warning' : 'success' });
      unselectAll();
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button label={status === 'APPROVED' ? 'Approve' : 'Approve for billing'} onClick={() => void approve()} disabled={busy} data-testid={`bulk-${status.toLowerCase()}`}>
      <CheckCircleIcon />
    </Button>
  );
}
