import { useCallback, useState } from 'react';
import { Alert, Box, Button, Checkbox, FormControlLabel, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useNotify } from 'react-admin';
import { useGroupId } from '../../bootstrap/GroupIdContext';
import { ActionError } from '../../providers/graphql-action';
import { fetchExternalServices, upsertExternalService, type ExternalService } from './operator-api';
import { OperatorPanel, useLoaded } from './OperatorPanel';

/** upsert-external-service: the services the product calls, each with its address and switch; adding one or changing it by name. */
export function ExternalServicesPanel() {
  const groupId = useGroupId();
  const notify = useNotify();
  const load = useCallback(() => fetchExternalServices(groupId), [groupId]);
  const { data, error, reload } = useLoaded(load);
  const [form, setForm] = useState({ name: '', baseUrl: '', enabled: true });
  const [refusal, setRefusal] = useState<ActionError | null>(null);
  const save = async (service: Pick<ExternalService, 'name' | 'baseUrl' | 'enabled'>) => {
    setRefusal(null);
    try {
      await upsertExternalService(groupId, service);
      notify('Successfully saved', { type: 'success' });
      await reload();
      return true;
    } catch (failure) {
      setRefusal(failure instanceof ActionError ? failure : new ActionError(String(failure), {}));
      return false;
    }
  };
  return (
    <OperatorPanel id="external-services" title="External services" onRefresh={() => void reload()} error={error}>
      {data && data.length === 0 && <Typography variant="body2">No external service named yet</Typography>}
      {data && data.length > 0 && (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="External services">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Address</TableCell>
                <TableCell>In use</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((service) => (
                <TableRow key={service.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{service.name}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{service.baseUrl}</TableCell>
                  <TableCell>{service.enabled ? 'Yes' : 'No'}</TableCell>
                  <TableCell>
                    <Button size="small" onClick={() => void save({ ...service, enabled: !service.enabled })}>
                      {service.enabled ? `Switch ${service.name} off` : `Switch ${service.name} on`}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1, alignItems: 'flex-start' }}>
        <TextField size="small" label="Service name" value={form.name} onChange={(event) => setForm({ ...form, name: event.target.value })} error={Boolean(refusal?.fields.name)} helperText={refusal?.fields.name ?? 'Letters, digits, dot, dash'} />
        <TextField size="small" label="Address" value={form.baseUrl} onChange={(event) => setForm({ ...form, baseUrl: event.target.value })} error={Boolean(refusal?.fields.baseUrl)} helperText={refusal?.fields.baseUrl ?? 'https://…'} />
        <FormControlLabel control={<Checkbox checked={form.enabled} onChange={(event) => setForm({ ...form, enabled: event.target.checked })} />} label="In use" />
        <Button variant="outlined" disabled={!form.name || !form.baseUrl} onClick={() => void save(form).then((ok) => ok && setForm({ name: '', baseUrl: '', enabled: true }))}>
          Add or change
        </Button>
      </Stack>
      {refusal && !Object.keys(refusal.fields).length && <Alert severity="error">{refusal.message}</Alert>}
    </OperatorPanel>
  );
}
