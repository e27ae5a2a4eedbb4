import { useState } from 'react';
import HandshakeIcon from '@mui/icons-material/Handshake';
import { MenuItem, TextField } from '@mui/material';
import { useNotify, useRecordContext, useRefresh } from 'react-admin';
import { useGroupId } from '../../bootstrap/GroupIdContext';
import { ActionDialog } from '../ActionDialog';
import { useDialogAction } from '../useDialogAction';
import { agreeRepaymentPlan, canWorkCases } from './credit-control-api';

/** "Agree a payment plan" on a case: monthly repayments from a first date; the ladder pauses while it runs. */
export function AgreePlanButton() {
  const record = useRecordContext<{ id: number | string; stage?: string }>();
  const groupId = useGroupId();
  const notify = useNotify();
  const refresh = useRefresh();
  const action = useDialogAction();
  const [pounds, setPounds] = useState('');
  const [firstPaymentDate, setFirstPaymentDate] = useState('');
  const [repaymentType, setRepaymentType] = useState('FIXED');
  if (!record || record.stage === 'DEBT_RESOLVED' || !canWorkCases()) return null;
  const pence = /^\d{1,5}(\.\d{1,2})?$/.test(pounds.trim()) ? Math.round(Number(pounds.trim()) * 100) : null;
  const submit = async () => {
    const plan = await agreeRepaymentPlan(groupId, { caseId: String(record.id), amountPence: pence ?? 0, firstPaymentDate, repaymentType });
    notify(`Payment plan agreed: ${plan.repayments} monthly repayments`, { type: 'success' });
    refresh();
  };
  const fields = action.error?.fields ?? {};
  return (
    <ActionDialog action={action} label="Agree a payment plan" icon={<HandshakeIcon />} testId="agree-plan" title="Agree a payment plan" submitLabel="Agree plan" onSubmit={submit} canSubmit={pence !== null && firstPaymentDate !== ''}>
      <TextField label="Each monthly repayment (£)" value={pounds} onChange={(event) => setPounds(event.target.value)} required slotProps={{ htmlInput: { inputMode: 'decimal' } }} error={Boolean(fields.amountPence)} helperText={fields.amountPence ?? 'From £1 up to what the tenant owes'} />
      <TextField label="First repayment" type="date" value={firstPaymentDate} onChange={(event) => setFirstPaymentDate(event.target.value)} required slotProps={{ inputLabel: { shrink: true } }} error={Boolean(fields.firstPaymentDate)} helperText={fields.firstPaymentDate ?? 'Then the same day each month'} />
      <TextField select label="Repayments" value={repaymentType} onChange={(event) => setRepaymentType(event.target.value)} error={Boolean(fields.repaymentType)} helperText={fields.repaymentType ?? (action.error && !Object.keys(fields).length ? action.error.message : ' ')}>
        <MenuItem value="FIXED">Fixed</MenuItem>
        <MenuItem value="VARIABLE">Variable</MenuItem>
      </TextField>
    </ActionDialog>
  );
}
