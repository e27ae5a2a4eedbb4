import { useEffect, useState } from 'react';
import { Alert } from '@mui/material';
import { Link } from 'react-router-dom';
import { useBasename, useCanAccess, useDataProvider } from 'react-admin';

const FAILED = { status: 'FAILED' };

/**
 * The job console's pointer to billing failures: a house a bill run cannot bill is not a failed job (its job
 * completes, recording why, so a retry does not bill it twice); those houses are listed with the reason in Bill
 * run houses, where "Retry failed houses" starts them again.
 */
export function BillingFailuresNotice() {
  const dataProvider = useDataProvider();
  const basename = useBasename();
  const { canAccess } = useCanAccess({ resource: 'BillRunHouse', action: 'list' });
  const [failed, setFailed] = useState(0);
  useEffect(() => {
    if (!canAccess) return;
    let current = true;
    dataProvider.getList('BillRunHouse', { filter: FAILED, pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'DESC' } }).then(
      (answer) => current && setFailed(answer.total ?? 0),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [canAccess, dataProvider]);
  if (!failed) return null;
  return (
    <Alert severity="warning" sx={{ mt: 1 }} data-testid="billing-failures">
      {failed === 1 ? '1 house' : `${failed} houses`} could not be billed in a bill run. Their jobs completed with the reason:{' '}
      <Link to={`${basename}/BillRunHouse?filter=${encodeURIComponent(JSON.stringify(FAILED))}`}>see the failed bill run houses</Link>.
    </Alert>
  );
}
