import { useState } from 'react';
import SavingsIcon from '@mui/icons-material/Savings';
import { MenuItem, TextField } from '@mui/material';
import { useNotify, useRefresh } from 'react-admin';
import { ENERGY_BILLS_SUPPORT_SCHEME, GOVERNMENT_REBATE_METHODS, formatPounds } from '@app/api/rules';
import { useGroupId } from '../../bootstrap/GroupIdContext';
import { ActionDialog } from '../ActionDialog';
import { useDialogAction } from '../useDialogAction';
import { canCreditRebates, creditGovernmentRebate } from './rebates-api';

const METHOD_LABELS: Record<string, string> = {
  DIRECT_PAYMENT: 'Direct payment (paid to the tenant)',
  ADDITIONAL_TRANSACTION: 'Additional transaction (credited to the account)',
  COMBINED: 'Combined (clears debt first, pays the rest)',
};

/**
 * "Credit rebate": a month of the Energy Bills Support Scheme, by a method, to one house contract (its id)
 * or, left empty, to every eligible house contract of the group. The server splits it between the tenants.
 */
export function CreditRebateButton() {
  const groupId = useGroupId();
  const notify = useNotify();
  const refresh = useRefresh();
  const action = useDialogAction();
  const [month, setMonth] = useState(ENERGY_BILLS_SUPPORT_SCHEME[0]!.month);
  const [method, setMethod] = useState<string>('ADDITIONAL_TRANSACTION');
  const [houseContractId, setHouseContractId] = useState('');
  if (!canCreditRebates()) return null;

  const submit = async () => {
    const answer = await creditGovernmentRebate(groupId, { month, method, houseContractId: houseContractId.trim() || null });
    notify(answer.message, { type: answer.rebatesCreated > 0 ? 'success' : 'info' });
    refresh();
  };
  const badId = houseContractId.trim() !== '' && !/^\d+$/.test(houseContractId.trim());
  return (
    <ActionDialog
      action={action}
      label="Credit rebate"
      icon={<SavingsIcon />}
      testId="credit-rebate"
      title="Credit Energy Bills Support Scheme"
      submitLabel="Credit"
      onSubmit={submit}
      canSubmit={!badId}
    >
      <TextField select label="Month" value={month} onChange={(event) => setMonth(event.target.value)}>
        {ENERGY_BILLS_SUPPORT_SCHEME.map((row) => (
          <MenuItem key={row.month} value={row.month}>{`${row.month} (${formatPounds(row.amountPence)} a house)`}</MenuItem>
        ))}
      </TextField>
      <TextField select label="Method" value={method} onChange={(event) => setMethod(event.target.value)}>
        {GOVERNMENT_REBATE_METHODS.map((value) => (
          <MenuItem key={value} value={value}>
            {METHOD_LABELS[value] ?? value}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="House contract id"
        value={houseContractId}
        onChange={(event) => setHouseContractId(event.target.value)}
        error={badId || Boolean(action.error)}
        helperText={badId ? 'A house contract id is a number' : (action.error?.message ?? 'Empty: every eligible house contract of the group')}
      />
    </ActionDialog>
  );
}
