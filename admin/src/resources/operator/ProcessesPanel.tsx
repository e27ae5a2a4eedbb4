import { useCallback } from 'react';
import { Box, Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { useNotify } from 'react-admin';
import { useGroupId } from '../../bootstrap/GroupIdContext';
import { formatDateTime } from '../catalogue/format';
import { ConfirmAction } from '../ConfirmAction';
import { formatBytes } from '../uploads/rest-api';
import { fetchProcesses, formatUptime, restartProcess, type ProcessRow } from './operator-api';
import { OperatorPanel, useLoaded } from './OperatorPanel';

function StateChip({ process }: { process: ProcessRow }) {
  if (process.stopRequestedAt) return <Chip size="small" color="warning" label="Stopping" />;
  return process.alive ? <Chip size="small" color="success" label="Running" /> : <Chip size="small" variant="outlined" label="Silent" />;
}

/**
 * log-processes: every API and workers process with its host, pid, uptime, memory and last heartbeat (refreshed
 * every 15 s); an API process can be restarted (kill-server: it drains, stops, and its supervisor starts it again).
 */
export function ProcessesPanel() {
  const groupId = useGroupId();
  const notify = useNotify();
  const load = useCallback(() => fetchProcesses(groupId), [groupId]);
  const { data, error, reload } = useLoaded(load, 15_000);
  return (
    <OperatorPanel id="processes" title="Processes" onRefresh={() => void reload()} error={error}>
      {data && data.length === 0 && <Typography variant="body2">No process has reported yet</Typography>}
      {data && data.length > 0 && (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Processes">
            <TableHead>
              <TableRow>
                <TableCell>Process</TableCell>
                <TableCell>Host and PID</TableCell>
                <TableCell>Up for</TableCell>
                <TableCell>Memory</TableCell>
                <TableCell>Last heartbeat</TableCell>
                <TableCell>State</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((process) => (
                <TableRow key={process.id}>
                  <TableCell>{process.kind === 'api' ? 'API' : 'Workers'}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {process.host} · {process.pid}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatUptime(process.uptimeSeconds)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatBytes(process.rssBytes)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(process.lastHeartbeatAt)}</TableCell>
                  <TableCell>
                    <StateChip process={process} />
                  </TableCell>
                  <TableCell>
                    {process.kind === 'api' && process.alive && !process.stopRequestedAt && (
                      <ConfirmAction
                        label="Restart"
                        title={`Restart the API process ${process.pid} on ${process.host}?`}
                        explanation="It stops taking requests, finishes those in flight and stops; its supervisor starts it again. Other API processes keep serving."
                        confirm="Restart"
                        icon={<RestartAltIcon />}
                        testId={`restart-${process.pid}`}
                        act={async () => {
                          await restartProcess(groupId, process.id);
                          notify('Restart requested', { type: 'success' });
                          await reload();
                        }}
                      />
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </OperatorPanel>
  );
}
