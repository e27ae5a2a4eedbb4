import { TabbedShowLayout, TabbedShowLayoutTabs, useCanAccessResources, useTranslate, useTranslateLabel } from 'react-admin';
import { FieldSections } from './FieldSections';
import { RelatedList } from './RelatedList';
import { relatedEntries, useSpec } from './spec';

/** A record's show body: every field in sections, then one tab per related list the user may read (catalogue and bill pages). */
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
    // Scrollable tabs: a record with many related lists must not push the page wider than a phone.
    <TabbedShowLayout tabs={<TabbedShowLayoutTabs variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile />}>
      <TabbedShowLayout.Tab label={translate('shb.catalogue.details')}>
        <FieldSections spec={spec} label={false} />
      </TabbedShowLayout.Tab>
      {visible.map((entry) => (
        <TabbedShowLayout.Tab key={`${entry.spec.name}.${entry.target}`} label={tabLabel(entry)} path={`${entry.spec.name}.${entry.target}`}>
          <RelatedList spec={entry.spec} target={entry.target} label={false} />
        </TabbedShowLayout.Tab>
      ))}
    </TabbedShowLayout>
  );
}
