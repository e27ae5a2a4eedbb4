import { InputAdornment } from '@mui/material';
import {
  AutocompleteInput,
  BooleanInput,
  DateInput,
  DateTimeInput,
  NumberInput,
  ReferenceInput,
  SelectInput,
  TextInput,
  type Validator,
} from 'react-admin';
import { findResourceSpec, valueChoices, type FieldSpec } from '@app/api/rules';
import { refIsBrowsable } from './spec';
import { validatorsFor } from './validation';

export type FormMode = 'create' | 'edit';

/** Pence in the form state, pounds with two decimals in the input. Module-level so the references stay stable. */
export const penceToPounds = (pence: unknown): string =>
  pence === null || pence === undefined || pence === '' || Number.isNaN(Number(pence)) ? '' : (Number(pence) / 100).toFixed(2);

export const poundsToPence = (pounds: unknown): number | null => {
  if (pounds === null || pounds === undefined || pounds === '') return null;
  const number = Number(pounds);
  return Number.isFinite(number) ? Math.round(number * 100) : null;
};

const jsonToText = (value: unknown): string =>
  value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value, null, 2);

/** Autocomplete searches with `q` only where the referenced resource has a free-text search. */
function filterToQueryFor(ref: string) {
  const spec = findResourceSpec(ref);
  return spec && spec.search.length === 0 ? () => ({}) : (text: string) => (text ? { q: text } : {});
}

interface Props {
  source: string;
  field: FieldSpec;
  mode: FormMode;
}

/** One input of a create or edit form, chosen by the field's kind, with the field's checks. */
export function CatalogueInput({ source, field, mode }: Props) {
  const validate: Validator[] = validatorsFor(field);
  const common = {
    source,
    validate,
    helperText: field.help ?? false,
    // A createOnly field is fixed once the record exists (the update mutation does not take it).
    disabled: mode === 'edit' && !!field.createOnly,
  };
  switch (field.kind) {
    case 'text':
      return <TextInput {...common} multiline minRows={3} fullWidth />;
    case 'json':
      return <TextInput {...common} multiline minRows={4} fullWidth format={jsonToText} />;
    case 'int':
      return <NumberInput {...common} step={1} />;
    case 'decimal':
      return <NumberInput {...common} />;
    case 'money':
      return (
        <NumberInput
          {...common}
          step={0.01}
          format={penceToPounds}
          parse={poundsToPence}
          slotProps={{ input: { startAdornment: <InputAdornment position="start">£</InputAdornment> } }}
        />
      );
    case 'date':
      return <DateInput {...common} />;
    case 'datetime':
      return <DateTimeInput {...common} />;
    case 'boolean':
      return <BooleanInput {...common} />;
    case 'enum':
      return <SelectInput {...common} choices={valueChoices(field.values ?? [])} />;
    case 'ref':
      if (!refIsBrowsable(field)) return <TextInput {...common} />;
      return (
        <ReferenceInput source={source} reference={field.ref}>
          <AutocompleteInput
            validate={validate}
            helperText={common.helperText}
            disabled={common.disabled}
            filterToQuery={filterToQueryFor(field.ref)}
            sx={{ minWidth: 280 }}
          />
        </ReferenceInput>
      );
    default:
      return <TextInput {...common} />;
  }
}
