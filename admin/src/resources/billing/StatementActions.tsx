import { useState } from 'react';
import BlockIcon from '@mui/icons-material/Block';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import { TextField } from '@mui/material';
import { useNotify, useRecordContext, useRedirect, useRefresh } from 'react-admin';
import { useGroupId } from '../../bootstrap/GroupIdContext';
import { ConfirmAction, type ConfirmActionProps } from '../ConfirmAction';
import { canRunBilling } from './billing-api';
import { reissueStatement, voidStatement } from './statement-api';

interface BillRecord {
  id: string | number;
  kind: string;
  state: string;
}

const STATEMENT_KINDS = ['HOUSE_STATEMENT', 'TENANT_STATEMENT'];
/** Only issued BILL statements are voided or re-issued, and only by staff with billing WRITE. */
const canActOn = (bill: BillRecord | undefined): bill is BillRecord => Boolean(bill && bill.state === 'ISSUED' && STATEMENT_KINDS.includes(bill.kind) && canRunBilling());

/** A confirmed action that needs the reason (at most 500 characters) before it can run. */
function ReasonAction(props: Omit<ConfirmActionProps, 'act' | 'ready' | 'onDone'> & { act: (reason: string) => Promise<void> }) {
  const [reason, setReason] = useState('');
  return (
    <ConfirmAction {...props} act={() => props.act(reason.trim())} ready={Boolean(reason.trim())} onDone={() => setReason('')}>
      <TextField label="Reason" value={reason} onChange={(event) => setReason(event.target.value)} required fullWidth multiline autoFocus slotProps={{ htmlInput: { maxLength: 500 } }} />
    </ConfirmAction>
  );
}

/** "Void": the statement and every statement of its set become VOID; each tenant's charge is reversed. */
export function VoidStatementButton() {
  const bill = useRecordContext<BillRecord>();
  const groupId = useGroupId();
  const notify = useNotify();
  const refresh = useRefresh();
  if (!canActOn(bill)) return null;
  return (
    <ReasonAction
      label="Void"
      title="Void statement"
      explanation="The house statement and all its tenant statements are voided, and each tenant's charge is taken off their account. This cannot be undone."
      confirm="Void"
      icon={<BlockIcon />}
      testId="void-statement"
      act={async (reason) => {
        const count = await voidStatement(groupId, bill.id, reason);
        notify(`${count} ${count === 1 ? 'bill' : 'bills'} voided`, { type: 'info' });
        refresh();
      }}
    />
  );
}

/** "Re-issue": voids the set and issues it again from today's readings and tariffs; opens the new statement. */
export function ReissueStatementButton() {
  const bill = useRecordContext<BillRecord>();
  const groupId = useGroupId();
  const notify = useNotify();
  const redirect = useRedirect();
  if (!canActOn(bill)) return null;
  return (
    <ReasonAction
      label="Re-issue"
      title="Re-issue statement"
      explanation="The statement set is voided and issued again from today's readings and tariffs; the tenants are e-mailed their new statements. If it cannot be issued again, nothing changes."
      confirm="Re-issue"
      icon={<AutorenewIcon />}
      testId="reissue-statement"
      act={async (reason) => {
        const { houseStatementId, emailsQueued } = await reissueStatement(groupId, bill.id, reason);
        notify(`Statement re-issued; ${emailsQueued} ${emailsQueued === 1 ? 'e-mail' : 'e-mails'} to send`, { type: 'info' });
        redirect('show', 'Bill', houseStatementId);
      }}
    />
  );
}
