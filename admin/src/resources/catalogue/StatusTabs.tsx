import { Divider, Tab, Tabs } from '@mui/material';
import { useListContext, useTranslate, useTranslateLabel } from 'react-admin';
import { labelFor, type ResourceSpec } from '@app/api/rules';

/** The tab that filters on nothing. */
const ALL = '';

/**
 * The values a list's tabs offer: the spec's (or all of the field's), and the one the list is filtered on when
 * it is another, so a dashboard link or saved filter on it still shows which tab the list is on.
 */
export function tabValues(spec: ResourceSpec, current: unknown): string[] {
  if (!spec.tabs) return [];
  const values = [...(spec.tabs.values ?? spec.fields[spec.tabs.field]?.values ?? [])];
  if (typeof current === 'string' && current !== ALL && !values.includes(current)) values.push(current);
  return values;
}

/**
 * A busy list's status tabs, as in react-admin's demo Orders list: "All" and a tab per status in words. A tab is
 * the list's equality filter on the spec's field, kept with the other filters (so saved filters, the URL and
 * exports carry it); a filter the tabs cannot show (several statuses at once) leaves no tab chosen.
 */
export function StatusTabs({ spec }: { spec: ResourceSpec }) {
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const translate = useTranslate();
  const translateLabel = useTranslateLabel();
  if (!spec.tabs) return null;
  const { field } = spec.tabs;
  const current: unknown = filterValues?.[field];
  const values = tabValues(spec, current);
  const chosen = current === undefined ? ALL : typeof current === 'string' ? current : false;
  const choose = (value: string) => {
    const { [field]: _dropped, ...others } = filterValues ?? {};
    setFilters(value === ALL ? others : { ...others, [field]: value }, displayedFilters);
  };
  return (
    <>
      <Tabs
        value={chosen}
        onChange={(_event, value: string) => choose(value)}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label={String(translateLabel({ source: field, resource: spec.name }))}
        // Statuses as the rules write them ("Incomplete Signup"), not shouted in capitals.
        sx={{ '& .MuiTab-root': { textTransform: 'none' } }}
      >
        <Tab value={ALL} label={translate('shb.catalogue.all_tab')} />
        {values.map((value) => (
          <Tab key={value} value={value} label={labelFor(value, spec.fields[field]?.values)} />
        ))}
      </Tabs>
      <Divider />
    </>
  );
}
