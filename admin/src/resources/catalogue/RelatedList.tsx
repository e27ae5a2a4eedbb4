import { Box } from '@mui/material';
import { CreateButton, Datagrid, Pagination, ReferenceManyField, useRecordContext, useTranslate } from 'react-admin';
import { humaniseValue, type ResourceSpec } from '@app/api/rules';
import { columnsFor, prefetchMetaFor } from './columns';

interface Props {
  spec: ResourceSpec;
  target: string;
  /** The tab already names the list. */
  label?: false;
}

/**
 * The records of `spec` pointing back at the shown record through `target`, each row opening its own page
 * (agency → houses → house contract → tenant contracts …), with a Create button that pre-fills `target`.
 */
export function RelatedList({ spec, target }: Props) {
  const record = useRecordContext();
  const translate = useTranslate();
  const canCreateHere = spec.create && !spec.fields[target]?.readOnly;
  return (
    <Box sx={{ width: '100%' }}>
      {canCreateHere && record && (
        <CreateButton resource={spec.name} state={{ record: { [target]: record.id } }} label={translate('shb.catalogue.add', { name: humaniseValue(spec.name).toLowerCase() })} />
      )}
      <ReferenceManyField reference={spec.name} target={target} sort={spec.defaultSort} perPage={10} queryOptions={{ meta: prefetchMetaFor(spec, target) }} pagination={<Pagination rowsPerPageOptions={[10, 25, 50]} />}>
        <Datagrid rowClick="show" bulkActionButtons={false} empty={<Box sx={{ p: 2 }}>{translate('shb.catalogue.none')}</Box>}>
          {columnsFor(spec, target)}
        </Datagrid>
      </ReferenceManyField>
    </Box>
  );
}
