import { useEffect, useRef, useState } from 'react';
import DownloadIcon from '@mui/icons-material/Download';
import { Alert, LinearProgress, Menu, MenuItem, Snackbar, Typography } from '@mui/material';
import { getToken } from '@app/api/client';
import { findResourceSpec, londonDate } from '@app/api/rules';
import { Button, useCanAccess, useListContext, useNotify, useResourceContext, useTranslate } from 'react-admin';
import { useGroupId } from '../../bootstrap/GroupIdContext';
import { downloadThroughLink, exportFileName, fetchExportStatus, secureDownloadUrl, startExport, type ExportFormat } from './export-api';

const FORMATS: Array<{ format: ExportFormat; key: string; label: string }> = [
  { format: 'csv', key: 'shb.exports.csv', label: 'CSV' },
  { format: 'xlsx', key: 'shb.exports.xlsx', label: 'Excel (XLSX)' },
  { format: 'zip', key: 'shb.exports.zip', label: 'ZIP archive' },
];

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
 * Export of the list as it is filtered and sorted now: CSV, XLSX or a ZIP of CSVs, made by a job on the
 * server (POST /api/v2/exports/…), its progress shown while it runs (polled every second), downloaded
 * through a temporary link when done. Disabled while an export runs; hidden without READ on the list.
 */
export function ExportMenuButton() {
  const { filterValues, sort, total } = useListContext();
  const resource = useResourceContext();
  const { canAccess } = useCanAccess({ resource, action: 'export' });
  const groupId = useGroupId();
  const notify = useNotify();
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [running, setRunning] = useState<Running | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  if (!resource || canAccess !== true) return null;

  const run = async (format: ExportFormat) => {
    setAnchor(null);
    const label = findResourceSpec(resource)?.label ?? resource;
    const fileName = exportFileName(label, format, londonDate(new Date()));
    setRunning({ fileName, progress: 0 });
    try {
      const { id } = await startExport(
        format,
        { fileName, resource, filter: filterValues ?? {}, sortField: sort?.field || undefined, sortOrder: sort?.order || undefined },
        groupId,
      );
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
        setRunning({ fileName, progress: status.progress });
      }
    } catch (error) {
      notify(exportError(error instanceof Error ? error.message : String(error)), { type: 'error', autoHideDuration: 10000 });
    } finally {
      if (mounted.current) setRunning(null);
    }
  };

  return (
    <>
      <Button
        label={translate('shb.exports.export', { _: 'Export' })}
        onClick={(event) => setAnchor(event.currentTarget)}
        disabled={running !== null || total === 0}
        aria-haspopup="menu"
        aria-controls={anchor ? 'export-menu' : undefined}
      >
        <DownloadIcon />
      </Button>
      <Menu id="export-menu" anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {FORMATS.map(({ format, key, label }) => (
          <MenuItem key={format} onClick={() => void run(format)}>
            {translate(key, { _: label })}
          </MenuItem>
        ))}
      </Menu>
      <Snackbar open={running !== null} anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}>
        <Alert severity="info" icon={false} role="status" sx={{ minWidth: 280 }}>
          <Typography variant="body2">
            {translate('shb.exports.progress', { _: 'Exporting… %{progress}%', progress: running?.progress ?? 0 })}
          </Typography>
          <Typography variant="caption" component="div">
            {running?.fileName}
          </Typography>
          <LinearProgress variant={running?.progress ? 'determinate' : 'indeterminate'} value={running?.progress ?? 0} sx={{ mt: 1 }} />
        </Alert>
      </Snackbar>
    </>
  );
}
