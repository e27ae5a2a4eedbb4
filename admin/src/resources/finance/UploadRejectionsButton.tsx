import { useState } from 'react';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Button as MuiButton } from '@mui/material';
import { Button, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { useGroupId } from '../../bootstrap/GroupIdContext';
import type { AccountingExportRecord } from './AccountingExportActions';
import { canManageAccounting, importSageRejections } from './finance-api';

/**
 * "Upload rejected rows": the CSV Sage gives back for the rows it refused (Reference and Reason columns). The
 * rows are marked REJECTED with their reason, for correction (the Rows tab shows them); the count is reported.
 * The server's refusal (no such reference, a header it cannot read) stays in the dialog.
 */
export function UploadRejectionsButton() {
  const record = useRecordContext<AccountingExportRecord>();
  const groupId = useGroupId();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Sage can only reject rows of a file it was given: not before the CSV is written.
  if (!record || record.status === 'NOT_EXPORTED' || !canManageAccounting()) return null;

  const close = () => {
    setOpen(false);
    setFile(null);
    setError(null);
  };
  const submit = async () => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const rejected = await importSageRejections(groupId, record.id, await file.text(), file.name);
      notify(`${rejected} ${rejected === 1 ? 'row' : 'rows'} marked for correction`, { type: 'success' });
      close();
      refresh();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button label="Upload rejected rows" onClick={() => setOpen(true)} data-testid="upload-rejections">
        <UploadFileIcon />
      </Button>
      <Dialog open={open} onClose={() => !busy && close()} aria-labelledby="upload-rejections-title">
        <DialogTitle id="upload-rejections-title">Upload rejected rows</DialogTitle>
        <DialogContent sx={{ minWidth: 360 }}>
          <DialogContentText sx={{ mb: 2 }}>Sage&apos;s rejected-rows CSV, with a Reference column and a Reason (or Error) column.</DialogContentText>
          <input
            type="file"
            accept=".csv,text/csv"
            aria-label="Rejected rows CSV"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setError(null);
            }}
          />
          {error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={close} disabled={busy}>
            Cancel
          </MuiButton>
          <MuiButton variant="contained" onClick={() => void submit()} disabled={busy || !file}>
            Upload
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}
