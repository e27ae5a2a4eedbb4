import Box from '@mui/material/Box';
import { EditButton, Show, TopToolbar, useRecordContext } from 'react-admin';
import type { AttachmentOwner } from '@app/api/rules';
import { EXTRA_SHOW_ACTIONS } from '../catalogue/extra-show-actions';
import { isLocked, useSpec } from '../catalogue/spec';
import { SpecTabs } from '../catalogue/SpecTabs';
import { AttachmentsPanel } from './AttachmentsPanel';

/** The catalogue page's own actions: Edit where the record is edited and not locked, then the record type's. */
function RecordActions() {
  const spec = useSpec();
  const record = useRecordContext();
  return (
    <TopToolbar>
      {spec.update && record && !isLocked(spec, record) && <EditButton />}
      {EXTRA_SHOW_ACTIONS[spec.name]}
    </TopToolbar>
  );
}

/** The catalogue's page of a record that takes files, with its files below its details. */
function ShowWithFiles({ owner, title }: { owner: AttachmentOwner; title: string }) {
  return (
    <Show actions={<RecordActions />}>
      <SpecTabs />
      <Box sx={{ px: 2, pb: 2 }}>
        <AttachmentsPanel owner={owner} title={title} />
      </Box>
    </Show>
  );
}

/** A tenant: the catalogue's page with their tenancy agreements and proofs of address. */
export const TenantShow = () => <ShowWithFiles owner="tenant" title="Tenancy agreements and proofs of address" />;

/** A comment: the catalogue's page with its attachments. */
export const CommentShow = () => <ShowWithFiles owner="comment" title="Attachments" />;
