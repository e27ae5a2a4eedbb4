import EditCalendarIcon from '@mui/icons-material/EditCalendar';
import { Button, useBasename, useCanAccess, useListContext } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { BATCH_LIMIT } from './batch-api';
import { BATCH_PATH } from './BatchUpdatePage';

/** The house contracts list's bulk action: opens the batch update with the selected contracts (at most 1000). */
export function BatchUpdateButton() {
  const { selectedIds } = useListContext();
  const { canAccess } = useCanAccess({ resource: 'HouseContract', action: 'edit' });
  const navigate = useNavigate();
  const basename = useBasename();
  if (!canAccess) return null;
  const tooMany = selectedIds.length > BATCH_LIMIT;
  return (
    <Button
      label={tooMany ? `Batch update (at most ${BATCH_LIMIT.toLocaleString('en-GB')})` : 'Batch update'}
      disabled={tooMany}
      onClick={() => navigate(`${basename}${BATCH_PATH}`, { state: { ids: selectedIds.map(String) } })}
      data-testid="batch-update"
    >
      <EditCalendarIcon />
    </Button>
  );
}
