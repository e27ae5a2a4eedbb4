import { useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import { Alert, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, MenuItem, Stack, TextField, Button as MuiButton } from '@mui/material';
import { Button, useNotify, useRedirect, useRefresh } from 'react-admin';
import { ACCOUNTING_EXPORT_SOURCES, labelFor } from '@app/api/rules';
import { useGroupId } from '../../bootstrap/GroupIdContext';
import { useDialogAction } from '../useDialogAction';
import { canManageAccounting, generateAccountingExport, type Period } from './finance-api';
import { periodReady, PeriodFields } from './PeriodFields';
import { previousMonth } from './previous-month';

const FIELDS = ['source', 'periodStart', 'periodEnd'];

/**
 * "New accounting export": a source and a period. The server makes one export per aggregate type it finds
 * (PLAN, BILL, PORTFOLIO, OTHER), each to the company code that aggregate maps to (Finance → Company codes), so
 * neither is chosen here. One export opens; several stay in the list; none is said. A source the server
 * cannot read yet, or an overlapping period, shows under its field.
 */
export function NewAccountingExportButton() {
  const groupId = useGroupId();
  const notify = useNotify();
  const redirect = useRedirect();
  const refresh = useRefresh();
  const { open, setOpen, busy, error, run } = useDialogAction();
  const [source, setSource] = useState<string>('STATEMENT');
  const [period, setPeriod] = useState<Period>(previousMonth);
  if (!canManageAccounting()) return null;

  const submit = () =>
    run(async () => {
      const created = await generateAccountingExport(groupId, { source, ...period });
      if (created.length === 0) {
        notify(`Nothing to export: no ${labelFor(source, ACCOUNTING_EXPORT_SOURCES)} rows in this period`, { type: 'info' });
      } else if (created.length === 1) {
        notify(`Accounting export #${created[0]!.id} created (${created[0]!.aggregateType}, company ${created[0]!.companyCode})`, { type: 'success' });
        redirect('show', 'AccountingExport', created[0]!.id);
      } else {
        notify(`${created.length} accounting exports created: ${created.map((row) => `#${row.id} ${row.aggregateType}`).join(', ')}`, { type: 'success' });
        refresh();
      }
    });
  const fieldErrors = error?.fields ?? {};
  const generalError = error && !FIELDS.some((field) => fieldErrors[field]) ? error.message : null;
  return (
    <>
      <Button label="New accounting export" onClick={() => setOpen(true)} data-testid="new-accounting-export">
        <AddIcon />
      </Button>
      <Dialog open={open} onClose={() => !busy && setOpen(false)} aria-labelledby="new-accounting-export-title">
        <DialogTitle id="new-accounting-export-title">New accounting export</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1, minWidth: 360 }}>
            <DialogContentText>One export is made for each aggregate type found (Plan, Bill, Portfolio, Other), to its company code.</DialogContentText>
            {generalError && <Alert severity="error">{generalError}</Alert>}
            <TextField
              select
              label="Source"
              value={source}
              onChange={(event) => setSource(event.target.value)}
              error={Boolean(fieldErrors.source)}
              helperText={fieldErrors.source ?? ' '}
            >
              {ACCOUNTING_EXPORT_SOURCES.map((value) => (
                <MenuItem key={value} value={value}>
                  {labelFor(value, ACCOUNTING_EXPORT_SOURCES)}
                </MenuItem>
              ))}
            </TextField>
            <PeriodFields value={period} onChange={setPeriod} errors={fieldErrors} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)} disabled={busy}>
            Cancel
          </MuiButton>
          <MuiButton variant="contained" onClick={() => void submit()} disabled={busy || !periodReady(period)}>
            Create
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}
