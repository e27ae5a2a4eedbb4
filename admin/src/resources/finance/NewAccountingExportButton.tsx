import { useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import { Alert, DialogContentText, MenuItem, TextField } from '@mui/material';
import { useNotify, useRedirect, useRefresh } from 'react-admin';
import { ACCOUNTING_EXPORT_SOURCES, labelFor } from '@app/api/rules';
import { useGroupId } from '../../bootstrap/GroupIdContext';
import { ActionDialog } from '../ActionDialog';
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
  const action = useDialogAction();
  const [source, setSource] = useState<string>('STATEMENT');
  const [period, setPeriod] = useState<Period>(previousMonth);
  if (!canManageAccounting()) return null;

  const submit = async () => {
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
  };
  const fieldErrors = action.error?.fields ?? {};
  const generalError = action.error && !FIELDS.some((field) => fieldErrors[field]) ? action.error.message : null;
  return (
    <ActionDialog
      action={action}
      label="New accounting export"
      icon={<AddIcon />}
      testId="new-accounting-export"
      title="New accounting export"
      submitLabel="Create"
      onSubmit={submit}
      canSubmit={periodReady(period)}
    >
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
    </ActionDialog>
  );
}
