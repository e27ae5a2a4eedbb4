import { useEffect, useRef, useState } from 'react';
import { Alert, LinearProgress, Snackbar, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { useGroupId } from '../../bootstrap/GroupIdContext';
import { downloadThroughLink, earlyDownloadUrl, fetchExportStatus, secureDownloadUrl, startExport, STATUS_WAIT_MS, type ExportFormat, type ExportRequest } from './export-api';

/**
 * The pause after a status call that failed (a network blip) before asking again. A working call never pauses:
 * the status is a long-poll that answers the moment the job changes the export (STATUS_WAIT_MS).
 */
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

/** What a started export file job answers: its id (GET /api/v2/exports/:id) and the file's name. */
export interface StartedFile {
  id: string;
  fileName: string;
}

/**
 * An export file made by a job, from the back office: `follow(start)` asks for it (`start`: a list export over
 * REST, or a finance mutation), follows its progress by long-polls that the server answers as the job changes
 * the export, shows it in a snackbar (`progress`, to render), downloads it through a temporary ?jwt= link the
 * moment it is done (the link's token asked for while the job runs), then runs `afterDownload` (a page waiting
 * for its record to say EXPORTED). A refused start shows the server's message; a failed job
 * "export error: …". `running` is true while one runs. `run` starts a list export.
 */
export function useExportJob() {
  const groupId = useGroupId();
  const notify = useNotify();
  const translate = useTranslate();
  const [running, setRunning] = useState<Running | null>(null);
  const mounted = useRef(true);
  const aborts = useRef(new AbortController());
  useEffect(() => {
    mounted.current = true;
    aborts.current = new AbortController();
    return () => {
      mounted.current = false;
      // A long-poll still waiting on the server is given up with the page.
      aborts.current.abort();
    };
  }, []);

  const follow = async (start: () => Promise<StartedFile>, afterDownload?: () => Promise<void>) => {
    setRunning({ fileName: '', progress: 0 });
    try {
      let file: StartedFile;
      try {
        file = await start();
      } catch (refused) {
        notify(refused instanceof Error ? refused.message : String(refused), { type: 'error', autoHideDuration: 10000 });
        return;
      }
      setRunning({ fileName: file.fileName, progress: 0 });
      const link = earlyDownloadUrl(`/api/v2/exports/${encodeURIComponent(file.id)}/download`, groupId);
      let failures = 0;
      while (mounted.current) {
        let status;
        try {
          status = await fetchExportStatus(file.id, groupId, STATUS_WAIT_MS, aborts.current.signal);
          failures = 0;
        } catch (error) {
          if (!mounted.current) return;
          if (++failures > POLL_FAILURES_ALLOWED) throw error;
          await sleep(POLL_INTERVAL_MS);
          continue;
        }
        if (!mounted.current) return;
        if (status.status === 'DONE') {
          const url = status.downloadPath === null || status.downloadPath === link.path ? await link.get() : await secureDownloadUrl(status, groupId);
          downloadThroughLink(url, status.fileName);
          break;
        }
        if (status.status === 'FAILED' || status.status === 'EXPIRED') {
          throw new Error(status.error ?? (status.status === 'EXPIRED' ? 'the file has expired' : 'the export failed'));
        }
        setRunning({ fileName: file.fileName, progress: status.progress });
      }
      if (mounted.current) await afterDownload?.();
    } catch (error) {
      notify(exportError(error instanceof Error ? error.message : String(error)), { type: 'error', autoHideDuration: 10000 });
    } finally {
      if (mounted.current) setRunning(null);
    }
  };

  /** A list export: the list's query as CSV, XLSX or ZIP (a refusal reads "export error: …", specification §8). */
  const run = (format: ExportFormat, request: ExportRequest) =>
    follow(async () => {
      try {
        return { ...(await startExport(format, request, groupId)), fileName: request.fileName };
      } catch (error) {
        throw new Error(exportError(error instanceof Error ? error.message : String(error)));
      }
    });

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

  return { running: running !== null, run, follow, progress };
}
