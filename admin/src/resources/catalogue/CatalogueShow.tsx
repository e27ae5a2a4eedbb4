import { EditButton, Show, TopToolbar, useRecordContext } from 'react-admin';
import type { ResourceSpec } from '@app/api/rules';
import { SpecTabs } from './SpecTabs';
import { isLocked, useSpec } from './spec';

/** Edit only where the resource is edited at all and the record is not locked; EditButton itself checks WRITE. */
function ShowActions({ spec }: { spec: ResourceSpec }) {
  const record = useRecordContext();
  return <TopToolbar>{spec.update && record && !isLocked(spec, record) && <EditButton />}</TopToolbar>;
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
