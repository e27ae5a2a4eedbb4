import { useState } from 'react';
import BlockIcon from '@mui/icons-material/Block';
import { Alert, Button as MuiButton, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField } from '@mui/material';
import { tokenPermissions } from '@app/api/client';
import { hasAreaLevel } from '@app/api/rules';
import { Button, useRefresh } from 'react-admin';
import { useGroupId } from '../../bootstrap/GroupIdContext';
import { ActionError } from '../../providers/graphql-action';
import { FilePicker } from './FilePicker';
import { sendFile } from './rest-api';

interface VoidRow {
  row: number;
  billId: string;
  outcome: 'VOIDED' | 'REFUSED';
  message: string;
}
interface VoidResult {
  voided: number;
  refused: number;
  rows: VoidRow[];
}

const SHEETS = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** What happened to each row of the file: voided (with how many statements) or refused with the void's reason. */
function VoidResults({ result }: { result: VoidResult }) {
  return (
    <>
      <Alert severity={result.refused ? 'warning' : 'success'} role="status">
        {result.voided} voided, {result.refused} refused
      </Alert>
      <Table size="small" aria-label="Result per row" sx={{ '& td, & th': { px: 1 } }}>
        <TableHead>
          <TableRow>
            <TableCell>Row</TableCell>
            <TableCell>Bill</TableCell>
            <TableCell>Result</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {result.rows.map((row) => (
            <TableRow key={row.row}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.row}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.billId}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.outcome === 'VOIDED' ? row.message : `Refused: ${row.message}`}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}

/**
 * "Void bills from a file" on the uploads list (billing WRITE): a CSV or XLSX with a bill column (and a reason
 * column, or the reason given here for every row). Each bill is voided as its Void button would (the whole
 * statement set, the tenants' charges reversed); the dialog then stays open on what happened to each row.
 */
export function VoidBillsButton() {
  const groupId = useGroupId();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [reason, setReason] = useState('');
  const [result, setResult] = useState<VoidResult | null>(null);
  const [error, setError] = useState<ActionError | null>(null);
  const [busy, setBusy] = useState(false);
  if (!hasAreaLevel(tokenPermissions(), 'billing', 'WRITE')) return null;
  const close = () => {
    if (busy) return;
    setOpen(false);
    setResult(null);
    setError(null);
  };
  const submit = async () => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      setResult(await sendFile<VoidResult>('/api/v2/uploads/void-energy-bills', file, groupId, reason.trim() ? { reason: reason.trim() } : {}));
      setFile(null);
      refresh();
    } catch (failure) {
      setError(failure instanceof ActionError ? failure : new ActionError(String(failure), {}));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button label="Void bills from a file" onClick={() => setOpen(true)} data-testid="void-bills">
        <BlockIcon />
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby="void-bills-title" fullWidth maxWidth="sm">
        <DialogTitle id="void-bills-title">Void bills from a file</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FilePicker label="Choose a CSV or XLSX" accept={SHEETS} file={file} onChange={(chosen) => (setFile(chosen), setResult(null))} helperText="Columns: bill, and reason (or give one reason below for every row); at most 1,000 bills" error={error?.fields.file} disabled={busy} />
            <TextField label="Reason for every row without one" value={reason} onChange={(event) => setReason(event.target.value)} error={Boolean(error?.fields.reason)} helperText={error?.fields.reason ?? 'Kept with each voided statement'} disabled={busy} />
            {error && <Alert severity="error">{error.message}</Alert>}
            {result && <VoidResults result={result} />}
          </Stack>
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={close} disabled={busy}>
            {result ? 'Close' : 'Cancel'}
          </MuiButton>
          <MuiButton variant="contained" color="warning" onClick={() => void submit()} disabled={busy || !file}>
            Void the bills
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}
