import { useCallback, useEffect, useState } from 'react';
import { Button, Stack, TextField } from '@mui/material';
import { useNotify } from 'react-admin';
import { useGroupId } from '../../bootstrap/GroupIdContext';
import { ActionError } from '../../providers/graphql-action';
import { fetchEntityConfiguration, saveEntityConfiguration, type EntityConfiguration } from './operator-api';
import { LogoField } from './LogoField';
import { OperatorPanel, useLoaded } from './OperatorPanel';

type Form = Pick<EntityConfiguration, 'displayName' | 'primaryColour' | 'secondaryColour' | 'supportEmail'>;

/** The entity configuration of the group the back office is open in: its name shown to customers, colours, support address and logo. */
export function BrandPanel() {
  const groupId = useGroupId();
  const notify = useNotify();
  const load = useCallback(() => fetchEntityConfiguration(groupId), [groupId]);
  const { data, error, reload } = useLoaded(load);
  const [form, setForm] = useState<Form | null>(null);
  const [refusal, setRefusal] = useState<ActionError | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (data) setForm({ displayName: data.displayName, primaryColour: data.primaryColour, secondaryColour: data.secondaryColour, supportEmail: data.supportEmail });
  }, [data]);
  const save = async () => {
    if (!form) return;
    setBusy(true);
    setRefusal(null);
    try {
      // Empty optional fields are cleared (null), never saved as empty text.
      await saveEntityConfiguration(groupId, { ...form, primaryColour: form.primaryColour || null, secondaryColour: form.secondaryColour || null, supportEmail: form.supportEmail || null });
      notify('Successfully saved', { type: 'success' });
      await reload();
    } catch (failure) {
      setRefusal(failure instanceof ActionError ? failure : new ActionError(String(failure), {}));
    } finally {
      setBusy(false);
    }
  };
  const input = (name: keyof Form, label: string, help: string) => (
    <TextField size="small" label={label} value={form?.[name] ?? ''} onChange={(event) => setForm({ ...form!, [name]: event.target.value })} error={Boolean(refusal?.fields[name])} helperText={refusal?.fields[name] ?? help} />
  );
  return (
    <OperatorPanel id="brand" title="Brand of this group" error={error ?? (refusal && !Object.keys(refusal.fields).length ? refusal.message : null)}>
      {form && (
        <Stack spacing={2} sx={{ maxWidth: 480 }}>
          {input('displayName', 'Name shown to customers', 'At most 200 characters')}
          {input('primaryColour', 'Primary colour', 'As #rgb or #rrggbb, e.g. #0a7f5a')}
          {input('secondaryColour', 'Secondary colour', 'As #rgb or #rrggbb')}
          {input('supportEmail', 'Support e-mail', 'Where customers write for help')}
          <div>
            <Button variant="contained" onClick={() => void save()} disabled={busy}>
              Save
            </Button>
          </div>
          <LogoField groupId={groupId} logoUploadId={data?.logoUploadId ?? null} onChanged={reload} />
        </Stack>
      )}
    </OperatorPanel>
  );
}
