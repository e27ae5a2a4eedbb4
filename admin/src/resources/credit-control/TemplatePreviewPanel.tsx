import { useEffect, useState } from 'react';
import SendIcon from '@mui/icons-material/Send';
import { Alert, Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { FormDataConsumer, useNotify, useRecordContext } from 'react-admin';
import { isGsmBasicText, SMS_BASIC_LIMIT, SMS_UNICODE_LIMIT, smsText } from '@app/api/rules';
import { useGroupId } from '../../bootstrap/GroupIdContext';
import { canWorkCases, previewTemplate, sendTestMessage, type MessagePreview } from './credit-control-api';

/**
 * Beside a message template's form: the SMS length rule as staff type (characters used of the limit), and the
 * text as a real tenant would get it (a tenant contract of this group, its debt and name), with a test send to
 * the member of staff's own address.
 */
export function TemplatePreviewPanel() {
  return <FormDataConsumer<{ subject?: string | null; body?: string | null }>>{({ formData }) => <Preview subject={formData.subject ?? null} body={formData.body ?? ''} />}</FormDataConsumer>;
}

function Preview({ subject, body }: { subject: string | null; body: string }) {
  const record = useRecordContext<{ id: number | string; channel: 'EMAIL' | 'SMS' }>();
  const groupId = useGroupId();
  const notify = useNotify();
  const [tenantContractId, setTenantContractId] = useState('');
  const [preview, setPreview] = useState<MessagePreview | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const id = record ? String(record.id) : null;
  const contract = /^\d+$/.test(tenantContractId.trim()) ? tenantContractId.trim() : null;

  // The preview follows the text as it is typed, a moment after the last key.
  useEffect(() => {
    if (!id || !contract) return;
    const timer = setTimeout(() => {
      previewTemplate(groupId, { id, tenantContractId: contract, subject, body }).then(
        (answer) => {
          setPreview(answer);
          setFailure(null);
        },
        (error: unknown) => setFailure(error instanceof Error ? error.message : String(error)),
      );
    }, 300);
    return () => clearTimeout(timer);
  }, [groupId, id, contract, subject, body]);

  if (!record) return null;
  const limit = isGsmBasicText(body) ? SMS_BASIC_LIMIT : SMS_UNICODE_LIMIT;
  const tooLong = record.channel === 'SMS' ? smsText(body) : null;
  const sendTest = async () => {
    try {
      notify(`Test sent to ${await sendTestMessage(groupId, { id: id!, tenantContractId: contract!, subject, body })}`, { type: 'success' });
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2, width: '100%', maxWidth: 720, boxSizing: 'border-box' }} data-testid="template-preview">
      <Typography component="h2" variant="subtitle1" sx={{ mb: 1 }}>
        Preview
      </Typography>
      {record.channel === 'SMS' && (
        <Typography color={tooLong ? 'error' : 'text.secondary'} sx={{ mb: 1 }} aria-live="polite">
          {tooLong ?? `${body.length} of ${limit.toLocaleString('en-GB')} characters (${limit === SMS_BASIC_LIMIT ? 'GSM basic set' : 'characters outside the GSM basic set'})`}
        </Typography>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, mb: 1 }}>
        <TextField label="Tenant contract ID" size="small" value={tenantContractId} onChange={(event) => setTenantContractId(event.target.value)} slotProps={{ htmlInput: { inputMode: 'numeric' } }} helperText="A contract of this group, to fill in its tenant's name and debt" />
        {canWorkCases() && (
          <Button startIcon={<SendIcon />} disabled={!contract || Boolean(failure)} onClick={() => void sendTest()}>
            Send a test to me
          </Button>
        )}
      </Stack>
      {failure && <Alert severity="error">{failure}</Alert>}
      {preview && !failure && (
        <Box>
          {preview.problems.map((problem) => (
            <Alert key={problem} severity="warning" sx={{ mb: 1 }}>
              {problem}
            </Alert>
          ))}
          <Typography variant="body2" color="text.secondary">
            To {preview.to ?? (preview.channel === 'SMS' ? 'no mobile number' : 'no e-mail address')}
          </Typography>
          {preview.subject && <Typography variant="subtitle2">{preview.subject}</Typography>}
          <Typography component="pre" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontFamily: 'inherit', m: 0 }}>
            {preview.text}
          </Typography>
        </Box>
      )}
    </Paper>
  );
}
