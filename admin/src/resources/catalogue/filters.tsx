import type { ReactElement } from 'react';
import {
  AutocompleteInput,
  BooleanInput,
  DateInput,
  NumberInput,
  ReferenceInput,
  SelectInput,
  TextInput,
  useTranslate,
  useTranslateLabel,
} from 'react-admin';
import { findResourceSpec, valueChoices, type FieldSpec, type ResourceSpec } from '@app/api/rules';
import { penceToPounds, poundsToPence } from './CatalogueInput';
import { entries, isReadable, refIsBrowsable } from './spec';

/** An equality filter (`field`, matched exactly by the API). */
function equalityFilter(name: string, field: FieldSpec, label: string): ReactElement {
  switch (field.kind) {
    case 'enum':
      return <SelectInput key={name} source={name} label={label} choices={valueChoices(field.values ?? [])} />;
    case 'boolean':
      return <BooleanInput key={name} source={name} label={label} />;
    case 'int':
    case 'decimal':
      return <NumberInput key={name} source={name} label={label} />;
    case 'money':
      return <NumberInput key={name} source={name} label={label} format={penceToPounds} parse={poundsToPence} step={0.01} />;
    case 'date':
      return <DateInput key={name} source={name} label={label} />;
    case 'ref': {
      if (!refIsBrowsable(field)) return <TextInput key={name} source={name} label={label} />;
      const searchable = (findResourceSpec(field.ref)?.search.length ?? 1) > 0;
      return (
        <ReferenceInput key={name} source={name} reference={field.ref}>
          <AutocompleteInput label={label} filterToQuery={searchable ? (q: string) => (q ? { q } : {}) : () => ({})} sx={{ minWidth: 240 }} />
        </ReferenceInput>
      );
    }
    default:
      return <TextInput key={name} source={name} label={label} />;
  }
}

/** A range filter: two inputs, `field_gte` and `field_lte`. */
function rangeFilters(name: string, field: FieldSpec, label: string, from: string, to: string): ReactElement[] {
  const bounds = [
    { suffix: '_gte', text: `${label} ${from}` },
    { suffix: '_lte', text: `${label} ${to}` },
  ];
  return bounds.map(({ suffix, text }) => {
    const source = `${name}${suffix}`;
    if (field.kind === 'date' || field.kind === 'datetime') return <DateInput key={source} source={source} label={text} />;
    if (field.kind === 'money') return <NumberInput key={source} source={source} label={text} format={penceToPounds} parse={poundsToPence} step={0.01} />;
    return <NumberInput key={source} source={source} label={text} />;
  });
}

/**
 * The list's filters, from the catalogue: `q` when the resource has a search, then each filterable field but
 * the one its status tabs filter on (one control per filter), and but references the member of staff may not read.
 */
export function useCatalogueFilters(spec: ResourceSpec, without?: string): ReactElement[] {
  const translate = useTranslate();
  const translateLabel = useTranslateLabel();
  const from = translate('shb.catalogue.from');
  const to = translate('shb.catalogue.to');
  const filters: ReactElement[] = [];
  if (spec.search.length > 0) filters.push(<TextInput key="q" source="q" label={translate('shb.catalogue.search')} alwaysOn />);
  for (const [name, field] of entries(spec).filter(isReadable)) {
    if (name === without || name === spec.tabs?.field || !field.filter) continue;
    const label = String(translateLabel({ source: name, resource: spec.name }));
    if (field.filter === 'eq') filters.push(equalityFilter(name, field, label));
    else filters.push(...rangeFilters(name, field, label, from, to));
  }
  return filters;
}
