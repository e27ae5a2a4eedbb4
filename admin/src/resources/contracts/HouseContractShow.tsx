import { useState } from 'react';
import SendIcon from '@mui/icons-material/Send';
import { Button, EditButton, Show, TopToolbar, useNotify, useRecordContext } from 'react-admin';
import { useGroupId } from '../../bootstrap/GroupIdContext';
import { SpecTabs } from '../catalogue/SpecTabs';
import { canSendContracts, sendBillContract } from './send-contract-api';

/** "Send contract": e-mails the tenants their BILL contract to sign; a PLAN contract gets "Update to Bill before sending a contract". */
function SendContractButton() {
  const contract = useRecordContext<{ id: string | number }>();
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
  return (
    <Button label="Send contract" onClick={() => void send()} disabled={busy}>
      <SendIcon />
    </Button>
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
