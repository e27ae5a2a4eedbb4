import { TabbedShowLayout, useCanAccessResources, useTranslate, useTranslateLabel } from 'react-admin';
import { CatalogueField } from './CatalogueField';
import { RelatedList } from './RelatedList';
import { entries, relatedEntries, useSpec } from './spec';

/** A record's show body: every field, then one tab per related list the user may read (catalogue and bill pages). */
export function SpecTabs() {
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
  );
}
