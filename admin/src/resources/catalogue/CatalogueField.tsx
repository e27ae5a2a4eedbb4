import { Typography } from '@mui/material';
import { BooleanField, NumberField, ReferenceField, TextField, useRecordContext } from 'react-admin';
import type { FieldSpec } from '@app/api/rules';
import { formatDate, formatDateTime, formatMoney, formatValue } from './format';
import { refIsBrowsable, refLink } from './spec';
import { StatusChip } from './StatusChip';

interface Props {
  source: string;
  field: FieldSpec;
  /** Read by Datagrid and SimpleShowLayout for the column header and the label. */
  label?: string;
  sortable?: boolean;
  /** In a list's column: long text is cut to one line, the whole value on hover, so no value widens the table. */
  compact?: boolean;
}

/** One line of text at most this wide in a list, with the full value as its tooltip. */
const COLUMN_MAX_WIDTH = 320;

function Truncated({ text }: { text: string }) {
  return (
    <Typography component="span" variant="body2" title={text} sx={{ display: 'block', maxWidth: COLUMN_MAX_WIDTH, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
      {text}
    </Typography>
  );
}

/** Text of a computed value, styled like react-admin's own fields. */
function Text({ children }: { children: string }) {
  return (
    <Typography component="span" variant="body2">
      {children}
    </Typography>
  );
}

/** One field of a record, shown the way its kind is read: £, DD/MM/YYYY, chips, icons, links. */
export function CatalogueField({ source, field, compact = false }: Props) {
  const record = useRecordContext();
  const value = record?.[source];
  if (compact && (field.kind === 'string' || field.kind === 'text' || field.kind === 'json')) {
    const text = value === null || value === undefined ? '' : field.kind === 'json' ? (typeof value === 'string' ? value : JSON.stringify(value)) : formatValue(field, value);
    return <Truncated text={text} />;
  }
  switch (field.kind) {
    case 'money':
      return <Text>{formatMoney(value)}</Text>;
    case 'date':
      return <Text>{formatDate(value)}</Text>;
    case 'datetime':
      return <Text>{formatDateTime(value)}</Text>;
    case 'enum':
      return <StatusChip value={value} values={field.values} />;
    case 'boolean':
      return <BooleanField source={source} looseValue />;
    case 'int':
    case 'decimal':
      if (source === 'id') return <TextField source={source} />;
      return <NumberField source={source} locales="en-GB" options={{ maximumFractionDigits: 4 }} />;
    case 'ref':
      if (!refIsBrowsable(field)) return <TextField source={source} />;
      return <ReferenceField source={source} reference={field.ref} link={refLink(field.ref)} emptyText="" />;
    case 'json':
      return (
        <Typography component="pre" variant="body2" sx={{ m: 0, whiteSpace: 'pre-wrap', fontFamily: 'monospace' }}>
          {value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value, null, 2)}
        </Typography>
      );
    case 'text':
      return <Text>{formatValue(field, value)}</Text>;
    default:
      return <TextField source={source} />;
  }
}
