import { useEffect, useRef, useState } from 'react';
import { Alert, LinearProgress, Snackbar, Typography } from '@mui/material';
import { getToken } from '@app/api/client';
import { useNotify, useTranslate } from 'react-admin';
import { useGroupId } from '../../bootstrap/GroupIdContext';
import { downloadThroughLink, fetchExportStatus, secureDownloadUrl, startExport, type ExportFormat, type ExportRequest } from './export-api';

/** How often the running export is asked for its progress. */
export const POLL_INTERVAL_MS = 1000;
/** Consecutive failed status calls (a network blip) tolerated before the export is given up. */
const POLL_FAILURES_ALLOWED = 3;

const sleep = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

/** "export error: <reason>" (specification §8), whether or not the server's reason already says so. */
function exportError(reason: string): string {
  return /^export error/i.test(reason) ? reason : `export error: ${reason}`;
}

interface Running {
  fileName: string;
  progress: number;
}

/**
 * An export job from the back office: started on the server (POST /api/v2/exports/…), its progress polled
 * every second and shown in a snackbar (`progress`, to render), downloaded through a temporary link when
 * done, its failure notified as "export error: …". `running` is true while one runs.
 */
export function useExportJob() {
  const groupId = useGroupId();
  const notify = useNotify();
  const translate = useTranslate();
  const [running, setRunning] = useState<Running | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const run = async (format: ExportFormat, request: ExportRequest) => {
    setRunning({ fileName: request.fileName, progress: 0 });
    try {
      const { id } = await startExport(format, request, groupId);
      let failures = 0;
      while (mounted.current) {
        await sleep(POLL_INTERVAL_MS);
        if (!mounted.current) break;
        let status;
        try {
          status = await fetchExportStatus(id, groupId);
          failures = 0;
        } catch (error) {
          if (++failures > POLL_FAILURES_ALLOWED) throw error;
          continue;
        }
        if (status.status === 'DONE') {
          downloadThroughLink(secureDownloadUrl(status, getToken()), status.fileName);
          break;
        }
        if (status.status === 'FAILED' || status.status === 'EXPIRED') {
          throw new Error(status.error ?? (status.status === 'EXPIRED' ? 'the file has expired' : 'the export failed'));
        }
        setRunning({ fileName: request.fileName, progress: status.progress });
      }
    } catch (error) {
      notify(exportError(error instanceof Error ? error.message : String(error)), { type: 'error', autoHideDuration: 10000 });
    } finally {
      if (mounted.current) setRunning(null);
    }
  };

  const progress = (
    <Snackbar open={running !== null} anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}>
      <Alert severity="info" icon={false} role="status" sx={{ minWidth: 280 }}>
        <Typography variant="body2">{translate('shb.exports.progress', { _: 'Exporting… %{progress}%', progress: running?.progress ?? 0 })}</Typography>
        <Typography variant="caption" component="div">
          {running?.fileName}
        </Typography>
        <LinearProgress variant={running?.progress ? 'determinate' : 'indeterminate'} value={running?.progress ?? 0} sx={{ mt: 1 }} />
      </Alert>
    </Snackbar>
  );

  return { running: running !== null, run, progress };
}
