import { useState } from 'react';
import SendIcon from '@mui/icons-material/Send';
import Typography from '@mui/material/Typography';
import { Button, EditButton, Show, TopToolbar, useNotify, useRecordContext } from 'react-admin';
import { useGroupId } from '../../bootstrap/GroupIdContext';
import { SpecTabs } from '../catalogue/SpecTabs';
import { canSendContracts, sendBillContract } from './send-contract-api';

/**
 * "Send contract": e-mails the tenants their BILL contract to sign. On a PLAN contract it could only fail,
 * so it is shown disabled with the reason ("Update to Bill before sending a contract").
 */
function SendContractButton() {
  const contract = useRecordContext<{ id: string | number; billingType?: string }>();
  const groupId = useGroupId();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  if (!contract || !canSendContracts()) return null;
  const send = async () => {
    setBusy(true);
    try {
      const sentTo = await sendBillContract(groupId, contract.id);
      notify(`Contract sent to ${sentTo.join(', ')}`, { type: 'success' });
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const notBill = contract.billingType !== 'BILL';
  return (
    <>
      {notBill && (
        <Typography variant="body2" color="text.secondary" id="send-contract-why">
          Update to Bill before sending a contract
        </Typography>
      )}
      <Button label="Send contract" onClick={() => void send()} disabled={busy || notBill} aria-describedby={notBill ? 'send-contract-why' : undefined}>
        <SendIcon />
      </Button>
    </>
  );
}

/** A house contract: the catalogue's page with Edit and "Send contract". */
export function HouseContractShow() {
  return (
    <Show
      actions={
        <TopToolbar>
          <EditButton />
          <SendContractButton />
        </TopToolbar>
      }
    >
      <SpecTabs />
    </Show>
  );
}
