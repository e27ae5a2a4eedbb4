import { useCallback } from 'react';
import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { labelFor } from '@app/api/rules';
import { useGroupId } from '../../bootstrap/GroupIdContext';
import { formatDateTime } from '../catalogue/format';
import { fetchRenders } from './operator-api';
import { OperatorPanel, useLoaded } from './OperatorPanel';

/** chrome-sessions: the documents being rendered right now in every live process (statements are drawn with pdfkit). */
export function RendersPanel() {
  const groupId = useGroupId();
  const load = useCallback(() => fetchRenders(groupId), [groupId]);
  const { data, error, reload } = useLoaded(load, 15_000);
  return (
    <OperatorPanel id="renders" title="Documents being rendered" onRefresh={() => void reload()} error={error}>
      {data && data.length === 0 && <Typography variant="body2">No document is being rendered</Typography>}
      {data && data.length > 0 && (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Documents being rendered">
            <TableHead>
              <TableRow>
                <TableCell>Document</TableCell>
                <TableCell>Of</TableCell>
                <TableCell>Process</TableCell>
                <TableCell>Started</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((render, index) => (
                <TableRow key={`${render.process}-${index}`}>
                  <TableCell>{labelFor(render.document)}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{render.label}</TableCell>
                  <TableCell>
                    {render.host} · {render.pid}
                  </TableCell>
                  <TableCell>{formatDateTime(render.startedAt)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </OperatorPanel>
  );
}
