import { useCallback } from 'react';
import { Typography } from '@mui/material';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { useNotify } from 'react-admin';
import { useGroupId } from '../../bootstrap/GroupIdContext';
import { ConfirmAction } from '../ConfirmAction';
import { fetchScheduler, setScheduler } from './operator-api';
import { OperatorPanel, useLoaded } from './OperatorPanel';

/** kill-scheduler: every schedule paused (kept paused across worker restarts) or resumed as it was. */
export function SchedulerPanel() {
  const groupId = useGroupId();
  const notify = useNotify();
  const load = useCallback(() => fetchScheduler(groupId), [groupId]);
  const { data, error, reload } = useLoaded(load);
  const act = (action: 'pause' | 'resume') => async () => {
    await setScheduler(groupId, action);
    notify(action === 'pause' ? 'Every schedule paused' : 'Schedules resumed', { type: 'success' });
    await reload();
  };
  return (
    <OperatorPanel id="scheduler" title="Scheduled jobs" onRefresh={() => void reload()} error={error}>
      {data && (
        <>
          <Typography variant="body2" sx={{ mb: 1 }} role="status">
            {data.active.length ? `${data.active.length} schedule${data.active.length === 1 ? '' : 's'} running` : 'No schedule running'}
            {data.pausedSchedules.length ? `; ${data.pausedSchedules.length} paused: ${data.pausedSchedules.join(', ')}` : ''}
          </Typography>
          {data.active.length > 0 && (
            <ConfirmAction label="Pause every schedule" title="Pause every schedule?" explanation="No scheduled job starts (bill runs, collections, credit control, e-mail sweeps) until they are resumed, even if the workers restart." confirm="Pause" icon={<PauseIcon />} testId="pause-schedules" act={act('pause')} />
          )}
          {data.pausedSchedules.length > 0 && (
            <ConfirmAction label="Resume the schedules" title="Resume the paused schedules?" explanation="Each schedule starts again as it was before it was paused." confirm="Resume" icon={<PlayArrowIcon />} testId="resume-schedules" act={act('resume')} />
          )}
        </>
      )}
    </OperatorPanel>
  );
}
