import Box from '@mui/material/Box';
import { EditButton, Show, TopToolbar, useCanAccess, useRecordContext } from 'react-admin';
import { isFinishedVisit, resourceSpec, type ResourceSpec } from '@app/api/rules';
import { AttachmentsPanel } from '../attachments/AttachmentsPanel';
import { FieldSections } from '../catalogue/FieldSections';
import { SpecTabs } from '../catalogue/SpecTabs';
import { VisitStatusButtons } from './VisitStatusButtons';

/** The visit without its partner company: for partner staff, who may not read partner companies (their visits are all their own). */
const WITHOUT_PARTNER: ResourceSpec = (() => {
  const spec = resourceSpec('HouseVisit');
  const { partnerId: _partner, ...fields } = spec.fields;
  return { ...spec, fields };
})();

function VisitActions() {
  const visit = useRecordContext<{ status: string }>();
  return (
    <TopToolbar sx={{ flexWrap: 'wrap' }}>
      <VisitStatusButtons />
      {visit && !isFinishedVisit(visit.status) && <EditButton />}
    </TopToolbar>
  );
}

/**
 * A house visit: the workflow's next moves as buttons (PENDING → REVIEW → COMPLETE | CANCELLED, asking for the
 * completion result), its details, and its photos and documents with adding one. A finished visit has no Edit.
 */
export function HouseVisitShow() {
  const { canAccess: seesPartners } = useCanAccess({ resource: 'Partner', action: 'list' });
  return (
    <Show actions={<VisitActions />}>
      {seesPartners ? (
        <SpecTabs />
      ) : (
        <Box sx={{ p: 2 }}>
          <FieldSections spec={WITHOUT_PARTNER} label={false} />
        </Box>
      )}
      <Box sx={{ px: 2, pb: 2 }}>
        <AttachmentsPanel owner="houseVisit" title="Photos and documents" />
      </Box>
    </Show>
  );
}
