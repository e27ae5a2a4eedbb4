import { TabbedShowLayout, TabbedShowLayoutTabs, useCanAccessResources, useTranslate, useTranslateLabel } from 'react-admin';
import { EXTRA_SHOW_TABS } from './extra-show-tabs';
import { FieldSections } from './FieldSections';
import { RelatedList } from './RelatedList';
import { relatedEntries, useSpec } from './spec';

/** A record's show body: every field in sections, one tab per related list the user may read, then the record type's own tabs (catalogue and bill pages). */
export function SpecTabs() {
  const spec = useSpec();
  const translate = useTranslate();
  const translateLabel = useTranslateLabel();
  const related = relatedEntries(spec);
  const extra = EXTRA_SHOW_TABS[spec.name] ?? [];
  const { canAccess } = useCanAccessResources({ action: 'list', resources: [...related.map((entry) => entry.spec.name), ...extra.map((tab) => tab.needs)] });
  const visible = related.filter((entry) => canAccess?.[entry.spec.name]);
  const extraVisible = extra.filter((tab) => canAccess?.[tab.needs]);
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
      {extraVisible.map((tab) => (
        <TabbedShowLayout.Tab key={tab.path} label={tab.label} path={tab.path}>
          {tab.element}
        </TabbedShowLayout.Tab>
      ))}
    </TabbedShowLayout>
  );
}
