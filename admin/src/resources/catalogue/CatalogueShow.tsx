import { EditButton, Show, TopToolbar, useRecordContext } from 'react-admin';
import type { ResourceSpec } from '@app/api/rules';
import { EXTRA_SHOW_ACTIONS } from './extra-show-actions';
import { SpecTabs } from './SpecTabs';
import { isLocked, useSpec } from './spec';

/**
 * Edit only where the resource is edited at all and the record is not locked (EditButton itself checks WRITE),
 * then the record type's own actions.
 */
function ShowActions({ spec }: { spec: ResourceSpec }) {
  const record = useRecordContext();
  return (
    <TopToolbar>
      {spec.update && record && !isLocked(spec, record) && <EditButton />}
      {EXTRA_SHOW_ACTIONS[spec.name]}
    </TopToolbar>
  );
}

/** A record's page: every field, then one tab per related list the user may read. */
export function CatalogueShow() {
  const spec = useSpec();
  return (
    <Show actions={<ShowActions spec={spec} />}>
      <SpecTabs />
    </Show>
  );
}
