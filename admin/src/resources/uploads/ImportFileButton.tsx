import { useEffect, useRef, useState } from 'react';
import UploadIcon from '@mui/icons-material/Upload';
import { Alert, Button as MuiButton, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { RECORD_IMPORT_MESSAGES } from '@app/api/rules';
import { Button, useRefresh } from 'react-admin';
import { useGroupId } from '../../bootstrap/GroupIdContext';
import { downloadThroughLink, STATUS_WAIT_MS } from '../exports/export-api';
import { FilePicker } from './FilePicker';
import { fetchImport, IMPORT_CHOICES, importChoices, importOutcome, invalidRowsUrl, startImport, type ImportChoice, type ImportStatus } from './imports-api';

const SHEETS = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * "Import a file" on the uploads list: staff choose what the file holds (readings, tenants, contacts, tariffs,
 * supplier contracts: the kinds their role may write), send a CSV or XLSX, and watch the job check each row.
 * When it is done they see the counts and download the invalid rows file (each rejected row with its reason);
 * a file the job cannot use says why. Sending the same file again shows the import it already was.
 */
export function ImportFileButton() {
  const choices = importChoices();
  const groupId = useGroupId();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<ImportChoice | ''>('');
  const [file, setFile] = useState<File | null>(null);
  const [status, setStatus] = useState<ImportStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  if (!choices.length) return null;

  const close = () => {
    if (busy) return;
    setOpen(false);
    setStatus(null);
    setFile(null);
    setError(null);
  };
  const run = async () => {
    if (!choice || !file) return;
    setBusy(true);
    setError(null);
    try {
      let current = await startImport(choice, file, groupId);
      setStatus(current);
      while (mounted.current && (current.status === 'PENDING' || current.status === 'IN_PROGRESS')) {
        current = await fetchImport(choice, current.id, groupId, STATUS_WAIT_MS);
        setStatus(current);
      }
      refresh();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };
  const finished = status && (status.status === 'DONE' || status.status === 'FAILED');

  return (
    <>
      <Button label="Import a file" onClick={() => setOpen(true)} data-testid="import-file">
        <UploadIcon />
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby="import-file-title" fullWidth maxWidth="sm">
        <DialogTitle id="import-file-title">Import a file</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField select label="The file holds" value={choice} onChange={(event) => setChoice(event.target.value as ImportChoice)} disabled={busy} helperText={choice ? `Columns: ${IMPORT_CHOICES[choice].columns}` : 'Choose what to import'}>
              {choices.map((value) => (
                <MenuItem key={value} value={value}>
                  {IMPORT_CHOICES[value].label}
                </MenuItem>
              ))}
            </TextField>
            <FilePicker label="Choose a CSV or XLSX" accept={SHEETS} file={file} onChange={(chosen) => (setFile(chosen), setStatus(null), setError(null))} disabled={busy} helperText="The first row names the columns; at most 20 MB" />
            {status && !finished && (
              <div role="status">
                <Typography variant="body2">
                  Checking {status.fileName}… {status.progress}%
                </Typography>
                <LinearProgress variant={status.progress ? 'determinate' : 'indeterminate'} value={status.progress} aria-label="Import progress" />
              </div>
            )}
            {finished && (
              <Alert severity={status.status === 'FAILED' ? 'error' : status.rejectedRows ? 'warning' : 'success'} role="status">
                {importOutcome(status)}
              </Alert>
            )}
            {finished && status.rejectedRowsUrl && (
              <div>
                <MuiButton variant="outlined" onClick={() => void invalidRowsUrl(status, groupId).then((url) => downloadThroughLink(url, `${status.fileName ?? 'import'}-invalid-rows.csv`))}>
                  {`Download the ${RECORD_IMPORT_MESSAGES.invalidRowsFile.toLowerCase()}`}
                </MuiButton>
              </div>
            )}
            {error && <Alert severity="error">{error}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={close} disabled={busy}>
            {finished ? 'Close' : 'Cancel'}
          </MuiButton>
          <MuiButton variant="contained" onClick={() => void run()} disabled={busy || !choice || !file || Boolean(finished)}>
            Import
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}
