import { useState } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useNotify } from 'react-admin';
import { UPLOAD_LIMITS, checkUploadFile } from '@app/api/rules';
import { ActionError } from '../../providers/graphql-action';
import { FilePicker } from '../uploads/FilePicker';
import { logoUrl, saveEntityConfiguration, uploadLogo } from './operator-api';

const LOGO = UPLOAD_LIMITS.ENTITY_CONFIGURATION_ASSET!;

/**
 * The brand's logo in the System area: the one the statements draw (or word that they draw the brand's mark
 * instead), a PNG or JPEG to replace it, and removing it. Each change is saved at once and audited by the server.
 */
export function LogoField({ groupId, logoUploadId, onChanged }: { groupId: number; logoUploadId: number | null; onChanged: () => Promise<void> }) {
  const notify = useNotify();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setError(chosen ? checkUploadFile('ENTITY_CONFIGURATION_ASSET', { fileName: chosen.name, contentType: chosen.type, sizeBytes: chosen.size }) : null);
  };
  const act = async (change: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await change();
      setFile(null);
      notify(done, { type: 'success' });
      await onChanged();
    } catch (failure) {
      setError(failure instanceof ActionError ? (failure.fields.file ?? failure.message) : String(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2" component="h3">
        Logo
      </Typography>
      {logoUploadId ? (
        <Box component="img" src={logoUrl(groupId, logoUploadId)} alt="The brand's logo" sx={{ maxWidth: 200, maxHeight: 80, objectFit: 'contain', alignSelf: 'flex-start', border: 1, borderColor: 'divider', borderRadius: 1, p: 1 }} />
      ) : (
        <Typography variant="body2" color="text.secondary">
          No logo: statements draw the brand's mark instead.
        </Typography>
      )}
      <FilePicker label="Choose a logo" accept={LOGO.types.join(',')} file={file} onChange={choose} error={error} helperText={`PNG or JPEG, at most ${LOGO.maxBytes / (1024 * 1024)} MB`} disabled={busy} />
      <Stack direction="row" spacing={1}>
        <Button variant="outlined" disabled={busy || !file || Boolean(error)} onClick={() => void act(() => uploadLogo(groupId, file!), 'Logo saved')}>
          Upload logo
        </Button>
        {logoUploadId && (
          <Button color="error" disabled={busy} onClick={() => void act(() => saveEntityConfiguration(groupId, { logoUploadId: null }), 'Logo removed')}>
            Remove logo
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
