import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Card, CardContent, List, ListItem, ListItemText, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { ATTACHMENT_OWNERS, labelFor, UPLOAD_LIMITS, type AttachmentOwner, type UploadResourceType } from '@app/api/rules';
import { openSecureDownload } from '@app/api/client';
import { useCanAccess, useNotify, useRecordContext } from 'react-admin';
import { useGroupId } from '../../bootstrap/GroupIdContext';
import { formatDateTime } from '../catalogue/format';
import { FilePicker } from '../uploads/FilePicker';
import { formatBytes } from '../uploads/rest-api';
import { addAttachment, fileProblem, listAttachments, type Attachment } from './attachments-api';

export interface AttachmentsPanelProps {
  owner: AttachmentOwner;
  title: string;
}

/**
 * The files attached to the record on screen: each with its kind, size, who added it and when, opened through a
 * short-lived download link; and, for those who may change the record, adding one (its type and size checked
 * before it is sent, the server's refusal shown in words).
 */
export function AttachmentsPanel({ owner, title }: AttachmentsPanelProps) {
  const record = useRecordContext<{ id: string | number }>();
  const groupId = useGroupId();
  const notify = useNotify();
  const { resource } = ATTACHMENT_OWNERS[owner];
  const { canAccess: canAdd } = useCanAccess({ resource, action: 'edit' });
  const kinds = ATTACHMENT_OWNERS[owner].types as readonly UploadResourceType[];
  const [files, setFiles] = useState<Attachment[] | null>(null);
  const [kind, setKind] = useState<UploadResourceType>(kinds[0]!);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = record?.id;

  const load = useCallback(async () => {
    if (id === undefined) return;
    try {
      setFiles(await listAttachments(owner, id, groupId));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setFiles([]);
    }
  }, [owner, id, groupId]);
  useEffect(() => void load(), [load]);
  if (id === undefined) return null;

  const add = async () => {
    if (!file) return;
    const problem = fileProblem(kind, file);
    if (problem) return setError(problem);
    setBusy(true);
    setError(null);
    try {
      const added = await addAttachment(owner, id, file, kind, groupId);
      notify(`${added.fileName} added`, { type: 'success' });
      setFile(null);
      await load();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  const accept = [...new Set(kinds.flatMap((type) => UPLOAD_LIMITS[type]?.types ?? []))].join(',');
  return (
    <Card variant="outlined" sx={{ mt: 2 }} component="section" aria-labelledby={`attachments-${owner}`}>
      <CardContent>
        <Typography variant="h6" component="h2" id={`attachments-${owner}`}>
          {title}
        </Typography>
        {files === null ? (
          <Typography variant="body2">Loading</Typography>
        ) : files.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No files yet
          </Typography>
        ) : (
          <List dense>
            {files.map((attachment) => (
              <ListItem key={attachment.id} disableGutters sx={{ flexWrap: 'wrap' }}>
                <ListItemText
                  sx={{ minWidth: 0, overflowWrap: 'anywhere' }}
                  primary={
                    <Button variant="text" size="small" sx={{ p: 0, textTransform: 'none', textAlign: 'left' }} onClick={() => openSecureDownload(attachment.downloadPath, groupId)}>
                      {attachment.fileName}
                    </Button>
                  }
                  secondary={`${labelFor(attachment.resourceType)} · ${formatBytes(attachment.sizeBytes)} · ${attachment.uploadedBy || 'Unknown'}, ${formatDateTime(attachment.createdAt)}`}
                />
              </ListItem>
            ))}
          </List>
        )}
        {canAdd && (
          <Stack spacing={1} sx={{ mt: 1 }}>
            {kinds.length > 1 && (
              <TextField select size="small" label="Kind of document" value={kind} onChange={(event) => setKind(event.target.value as UploadResourceType)} sx={{ maxWidth: 320 }}>
                {kinds.map((type) => (
                  <MenuItem key={type} value={type}>
                    {labelFor(type)}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <FilePicker label="Choose a file" accept={accept} file={file} onChange={(chosen) => (setFile(chosen), setError(chosen ? fileProblem(kind, chosen) : null))} error={error} helperText={`Photos or PDF, at most ${formatBytes(UPLOAD_LIMITS[kind]?.maxBytes ?? 0)}`} disabled={busy} />
            <div>
              <Button variant="contained" onClick={() => void add()} disabled={!file || busy} data-testid={`add-attachment-${owner}`}>
                Add file
              </Button>
            </div>
          </Stack>
        )}
        {!canAdd && error && <Alert severity="error">{error}</Alert>}
      </CardContent>
    </Card>
  );
}
