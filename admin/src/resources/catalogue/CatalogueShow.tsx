import { EditButton, Show, TabbedShowLayout, TopToolbar, useCanAccessResources, useRecordContext, useTranslate, useTranslateLabel } from 'react-admin';
import type { ResourceSpec } from '@app/api/rules';
import { CatalogueField } from './CatalogueField';
import { RelatedList } from './RelatedList';
import { entries, isLocked, relatedEntries, useSpec } from './spec';

/** Edit only where the resource is edited at all and the record is not locked; EditButton itself checks WRITE. */
function ShowActions({ spec }: { spec: ResourceSpec }) {
  const record = useRecordContext();
  return <TopToolbar>{spec.update && record && !isLocked(spec, record) && <EditButton />}</TopToolbar>;
}

/** A record's page: every field, then one tab per related list the user may read. */
export function CatalogueShow() {
  const spec = useSpec();
  const translate = useTranslate();
  const translateLabel = useTranslateLabel();
  const related = relatedEntries(spec);
  const { canAccess } = useCanAccessResources({ action: 'list', resources: related.map((entry) => entry.spec.name) });
  const visible = related.filter((entry) => canAccess?.[entry.spec.name]);
  const tabLabel = ({ spec: other, target }: (typeof related)[number]) => {
    const ambiguous = other.name === spec.name || related.filter((entry) => entry.spec.name === other.name).length > 1;
    return ambiguous ? `${other.label} (${String(translateLabel({ source: target, resource: other.name }))})` : other.label;
  };
  return (
    <Show actions={<ShowActions spec={spec} />}>
      <TabbedShowLayout>
        <TabbedShowLayout.Tab label={translate('shb.catalogue.details')}>
          {entries(spec).map(([name, field]) => (
            <CatalogueField key={name} source={name} field={field} />
          ))}
        </TabbedShowLayout.Tab>
        {visible.map((entry) => (
          <TabbedShowLayout.Tab key={`${entry.spec.name}.${entry.target}`} label={tabLabel(entry)} path={`${entry.spec.name}.${entry.target}`}>
            <RelatedList spec={entry.spec} target={entry.target} label={false} />
          </TabbedShowLayout.Tab>
        ))}
      </TabbedShowLayout>
    </Show>
  );
}
