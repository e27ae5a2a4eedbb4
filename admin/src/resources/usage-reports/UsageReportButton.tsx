import { useEffect, useRef, useState } from 'react';
import AssessmentIcon from '@mui/icons-material/Assessment';
import { Alert, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, Snackbar, Stack, TextField, Typography } from '@mui/material';
import { addMonths, londonDate } from '@app/api/rules';
import { Button, useCanAccess, useNotify, useRefresh } from 'react-admin';
import { useGroupId } from '../../bootstrap/GroupIdContext';
import { downloadThroughLink, earlyDownloadUrl, secureDownloadUrl, STATUS_WAIT_MS } from '../exports/export-api';
import { POLL_INTERVAL_MS } from '../exports/useExportJob';
import { followUsageReport, requestUsageReport, type UsageReportRequest } from './usage-report-api';

const sleep = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));
/** Consecutive failed status calls (a network blip) tolerated before the report is given up. */
const FAILURES_ALLOWED = 3;

/**
 * "Usage report" on the uploads list: staff choose a period (and optionally one agency), the report is made by
 * a job on the server (minutes for a large portfolio), its progress shown while it runs (long-polls the server
 * answers as the job changes the report, as list exports do) and the CSV downloaded through a temporary ?jwt=
 * link the moment it is READY (the link's token asked for while the job runs). The report stays in
 * the uploads list (type USAGE_REPORT). Hidden without WRITE on usage reports.
 */
export function UsageReportButton() {
  const { canAccess } = useCanAccess({ resource: 'UsageReport', action: 'create' });
  const groupId = useGroupId();
  const notify = useNotify();
  const refresh = useRefresh();
  const today = londonDate(new Date());
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<UsageReportRequest>({ periodStart: addMonths(today, -1), periodEnd: today, agencyId: '' });
  const [running, setRunning] = useState<{ fileName: string; progress: number } | null>(null);
  const mounted = useRef(true);
  const aborts = useRef(new AbortController());
  useEffect(() => {
    mounted.current = true;
    aborts.current = new AbortController();
    return () => {
      mounted.current = false;
      aborts.current.abort();
    };
  }, []);
  if (canAccess !== true) return null;

  const run = async () => {
    setOpen(false);
    try {
      const started = await requestUsageReport(form, groupId);
      setRunning({ fileName: started.fileName, progress: 0 });
      refresh();
      const link = earlyDownloadUrl(`/api/v2/usage-reports/${encodeURIComponent(started.id)}/download`, groupId);
      let failures = 0;
      while (mounted.current) {
        let status;
        try {
          status = await followUsageReport(started.id, groupId, STATUS_WAIT_MS, aborts.current.signal);
          failures = 0;
        } catch (error) {
          if (!mounted.current) return;
          if (++failures > FAILURES_ALLOWED) throw error;
          await sleep(POLL_INTERVAL_MS);
          continue;
        }
        if (status.status === 'READY') {
          const url = status.downloadPath === null || status.downloadPath === link.path ? await link.get() : await secureDownloadUrl({ id: status.id, downloadPath: status.downloadPath }, groupId);
          downloadThroughLink(url, status.fileName);
          break;
        }
        if (status.status === 'FAILED') throw new Error(status.error ?? 'usage report error');
        setRunning({ fileName: status.fileName, progress: status.progress });
      }
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error', autoHideDuration: 10000 });
    } finally {
      if (mounted.current) {
        setRunning(null);
        refresh();
      }
    }
  };

  const field = (name: keyof UsageReportRequest, label: string, type: string) => (
    <TextField
      label={label}
      type={type}
      value={form[name] ?? ''}
      onChange={(event) => setForm({ ...form, [name]: event.target.value })}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );

  return (
    <>
      <Button label="Usage report" onClick={() => setOpen(true)} disabled={running !== null}>
        <AssessmentIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="usage-report-title">
        <DialogTitle id="usage-report-title">Usage report</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            {field('periodStart', 'From', 'date')}
            {field('periodEnd', 'To', 'date')}
            {field('agencyId', 'Agency ID (empty: all agencies)', 'text')}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button label="Cancel" onClick={() => setOpen(false)} />
          <Button label="Create report" variant="contained" onClick={() => void run()} />
        </DialogActions>
      </Dialog>
      <Snackbar open={running !== null} anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}>
        <Alert severity="info" icon={false} role="status" sx={{ minWidth: 280 }}>
          <Typography variant="body2">Making the usage report… {running?.progress ?? 0}%</Typography>
          <Typography variant="caption" component="div">
            {running?.fileName}
          </Typography>
          <LinearProgress variant={running?.progress ? 'determinate' : 'indeterminate'} value={running?.progress ?? 0} sx={{ mt: 1 }} />
        </Alert>
      </Snackbar>
    </>
  );
}
