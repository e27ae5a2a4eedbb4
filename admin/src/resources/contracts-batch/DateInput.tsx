import { TextField } from '@mui/material';

/** A date field of the batch screen: a labelled native date input, empty allowed where the value may be open. */
export function DateInput({ label, value, onChange, disabled }: { label: string; value: string | null; onChange: (value: string | null) => void; disabled?: boolean }) {
  return (
    <TextField
      type="date"
      size="small"
      label={label}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value || null)}
      disabled={disabled}
      slotProps={{ inputLabel: { shrink: true } }}
      sx={{ width: 170, maxWidth: '100%' }}
    />
  );
}
