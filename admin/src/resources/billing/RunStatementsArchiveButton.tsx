import ArchiveIcon from '@mui/icons-material/Archive';
import { Button, useCanAccess, useRecordContext } from 'react-admin';
import { useExportJob } from '../exports/useExportJob';
import { isRunFinished } from './billing-api';

interface RunPeriod {
  id: string | number;
  status: string;
  periodStart: string;
  periodEnd: string;
  finishedAt: string | null;
}

/**
 * Every issued tenant statement of the run's period as one ZIP (a PDF each, with the list as CSV): the Bills
 * list's archive export, filtered to the period, made by a job with its progress shown. Offered once the run
 * has finished, to staff who may read bills.
 */
export function RunStatementsArchiveButton() {
  const run = useRecordContext<RunPeriod>();
  const { canAccess } = useCanAccess({ resource: 'Bill', action: 'export' });
  const job = useExportJob();
  if (!run || canAccess !== true || !isRunFinished(run)) return null;
  const filter = {
    kind: 'TENANT_STATEMENT',
    state: 'ISSUED',
    periodStart_gte: run.periodStart,
    periodStart_lte: run.periodStart,
    periodEnd_gte: run.periodEnd,
    periodEnd_lte: run.periodEnd,
  };
  const fileName = `statements-${run.periodStart}-${run.periodEnd}.zip`;
  return (
    <>
      <Button label="Statements (ZIP)" onClick={() => void job.run('zip', { fileName, resource: 'Bill', filter, sortField: 'id', sortOrder: 'ASC' })} disabled={job.running}>
        <ArchiveIcon />
      </Button>
      {job.progress}
    </>
  );
}
