import { useId } from 'react';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Button, FormHelperText, Stack, Typography } from '@mui/material';

export interface FilePickerProps {
  label: string;
  /** The `accept` of the file input: content types and extensions. */
  accept: string;
  file: File | null;
  onChange: (file: File | null) => void;
  /** What is wrong with the chosen file (checked before sending), or the server's word on it. */
  error?: string | null;
  helperText?: string;
  disabled?: boolean;
}

/**
 * A labelled file input: a button that opens the browser's file chooser, and the chosen file's name. The
 * input itself stays in the page (visually hidden) so screen readers and tests reach it by its label.
 */
export function FilePicker({ label, accept, file, onChange, error, helperText, disabled }: FilePickerProps) {
  const id = useId();
  const help = `${id}-help`;
  return (
    <Stack spacing={0.5}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} disabled={disabled}>
          {label}
          <input
            type="file"
            hidden
            accept={accept}
            aria-label={label}
            aria-describedby={help}
            onChange={(event) => onChange(event.target.files?.[0] ?? null)}
            data-testid="file-input"
          />
        </Button>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {file ? file.name : 'No file chosen'}
        </Typography>
      </Stack>
      <FormHelperText id={help} error={Boolean(error)}>
        {error || helperText || ' '}
      </FormHelperText>
    </Stack>
  );
}
