import { Alert } from '@mui/material';
import { Create, Edit, SimpleForm, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import type { ResourceSpec } from '@app/api/rules';
import { CatalogueInput, type FormMode } from './CatalogueInput';
import { EXTRA_EDIT_PANELS } from './extra-edit-panels';
import { defaultValues, formEntries, isLocked, useSpec } from './spec';

/** JSON fields are edited as text and sent as values. */
function toApi(spec: ResourceSpec) {
  const jsonFields = formEntries(spec).filter(([, field]) => field.kind === 'json').map(([name]) => name);
  return (data: RaRecord) => {
    if (jsonFields.length === 0) return data;
    const result: Record<string, unknown> = { ...data };
    for (const name of jsonFields) {
      const value = result[name];
      if (typeof value === 'string') result[name] = value.trim() === '' ? null : JSON.parse(value);
    }
    return result as RaRecord;
  };
}

function Inputs({ spec, mode }: { spec: ResourceSpec; mode: FormMode }) {
  return (
    <>
      {formEntries(spec).map(([name, field]) => (
        <CatalogueInput key={name} source={name} field={field} mode={mode} />
      ))}
    </>
  );
}

/** Create form; a related list's Create button pre-fills the field pointing back (react-admin's location state). */
export function CatalogueCreate() {
  const spec = useSpec();
  return (
    <Create redirect="show" transform={toApi(spec)}>
      <SimpleForm defaultValues={defaultValues(spec)}>
        <Inputs spec={spec} mode="create" />
      </SimpleForm>
    </Create>
  );
}

/** An issued financial record (lockedWhen) is shown but cannot be saved. */
function EditForm({ spec }: { spec: ResourceSpec }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const locked = isLocked(spec, record);
  return (
    <SimpleForm toolbar={locked ? false : undefined}>
      {locked && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('shb.catalogue.locked')}
        </Alert>
      )}
      <Inputs spec={spec} mode="edit" />
      {EXTRA_EDIT_PANELS[spec.name]}
    </SimpleForm>
  );
}

/** Pessimistic, so the server's answer (and its field errors) comes back before leaving the form. */
export function CatalogueEdit() {
  const spec = useSpec();
  return (
    <Edit mutationMode="pessimistic" redirect="show" transform={toApi(spec)}>
      <EditForm spec={spec} />
    </Edit>
  );
}
