import { Box, Stack, Typography } from '@mui/material';
import { Labeled } from 'react-admin';
import type { ResourceSpec } from '@app/api/rules';
import { CatalogueField } from './CatalogueField';
import { entries, isReadable, type FieldEntry } from './spec';

const SYSTEM_FIELDS = new Set(['id', 'createdAt', 'updatedAt']);

/**
 * A record's fields in sections, the important first: what its list shows (the fields staff look for), then
 * the other details, then the record's own id and dates; references the member of staff may not read left out.
 */
export function fieldSections(spec: ResourceSpec): Array<{ title: string; fields: FieldEntry[] }> {
  const all = entries(spec).filter(isReadable);
  const summary = all.filter(([name, field]) => field.list && !SYSTEM_FIELDS.has(name));
  const details = all.filter(([name, field]) => !field.list && !SYSTEM_FIELDS.has(name));
  const record = all.filter(([name]) => SYSTEM_FIELDS.has(name));
  return [
    { title: 'Summary', fields: summary },
    { title: 'Details', fields: details },
    { title: 'Record', fields: record },
  ].filter((section) => section.fields.length > 0);
}

/** The sections side by side in columns on a wide screen, one column on a phone. */
export function FieldSections({ spec }: { spec: ResourceSpec; label?: false }) {
  return (
    <Stack spacing={3} sx={{ width: '100%' }}>
      {fieldSections(spec).map((section) => (
        <Box key={section.title} component="section" aria-label={section.title}>
          <Typography variant="overline" component="h2" color="text.secondary">
            {section.title}
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' }, gap: 2 }}>
            {section.fields.map(([name, field]) => (
              <Labeled key={name} source={name} sx={{ minWidth: 0, overflowWrap: 'anywhere', alignItems: 'flex-start' }}>
                <CatalogueField source={name} field={field} />
              </Labeled>
            ))}
          </Box>
        </Box>
      ))}
    </Stack>
  );
}
