import MailIcon from '@mui/icons-material/Mail';
import { useNotify, useRecordContext } from 'react-admin';
import { useGroupId } from '../../bootstrap/GroupIdContext';
import { ConfirmAction } from '../ConfirmAction';
import { canInvite, inviteTenant } from './invite-api';

/** "Invite" on a tenant: the welcome e-mail with a link to choose a password, so a tenant staff created can get in. */
export function InviteTenantButton() {
  const tenant = useRecordContext<{ id: string | number; email?: string }>();
  const groupId = useGroupId();
  const notify = useNotify();
  if (!tenant || !canInvite()) return null;
  return (
    <ConfirmAction
      label="Invite"
      title="Invite the tenant"
      explanation={`${tenant.email ?? 'The tenant'} gets the welcome e-mail with a link to choose a password (valid 7 days). Any earlier link stays valid until it is used or expires.`}
      confirm="Send the welcome e-mail"
      icon={<MailIcon />}
      testId="invite-tenant"
      act={async () => {
        const email = await inviteTenant(groupId, tenant.id);
        notify(`Welcome e-mail sent to ${email}`, { type: 'success' });
      }}
    />
  );
}
