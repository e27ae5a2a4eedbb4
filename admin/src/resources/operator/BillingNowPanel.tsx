import { useState } from 'react';
import { List, ListItem, ListItemText, Typography } from '@mui/material';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { useGetMany } from 'react-admin';
import { useGroupId } from '../../bootstrap/GroupIdContext';
import { ConfirmAction } from '../ConfirmAction';
import { automationText, triggerBilling, type AutomationOutcome } from './operator-api';
import { OperatorPanel } from './OperatorPanel';

/** trigger-billing: the automated billing now, by the same rules as its 05:00 run (at most one a day and period per group). */
export function BillingNowPanel() {
  const groupId = useGroupId();
  const [outcome, setOutcome] = useState<{ featureEnabled: boolean; groups: AutomationOutcome[] } | null>(null);
  const { data: groups = [] } = useGetMany<{ id: number; name: string }>('Group', { ids: outcome?.groups.map((group) => group.groupId) ?? [] }, { enabled: Boolean(outcome?.groups.length) });
  const nameOf = (id: number) => groups.find((group) => Number(group.id) === id)?.name ?? `Group ${id}`;
  return (
    <OperatorPanel id="billing-now" title="Automated billing">
      <Typography variant="body2" sx={{ mb: 1 }}>
        Runs the daily automated billing now, for each group whose billing day it is.
      </Typography>
      <ConfirmAction label="Run automated billing now" title="Run automated billing now?" explanation="Each group with automated billing on whose billing day is today gets its bill run for the previous month, as at 05:00." confirm="Run now" icon={<ReceiptLongIcon />} testId="trigger-billing" act={async () => setOutcome(await triggerBilling(groupId))} />
      {outcome && (
        <div role="status">
          {!outcome.featureEnabled && <Typography variant="body2">Automated billing is switched off (feature flag automatedBilling).</Typography>}
          {outcome.featureEnabled && outcome.groups.length === 0 && <Typography variant="body2">No group has automated billing on.</Typography>}
          <List dense>
            {outcome.groups.map((group) => (
              <ListItem key={group.groupId} disableGutters>
                <ListItemText primary={nameOf(group.groupId)} secondary={automationText(group)} />
              </ListItem>
            ))}
          </List>
        </div>
      )}
    </OperatorPanel>
  );
}
