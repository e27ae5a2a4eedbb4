import { useState, type ReactNode } from 'react';
import { Button, useNotify, useRefresh } from 'react-admin';
import { useGroupId } from '../../bootstrap/GroupIdContext';
import { runJobAction, type JOB_MUTATIONS } from './job-actions';

interface Props {
  action: keyof typeof JOB_MUTATIONS;
  variables: Record<string, unknown>;
  label: string;
  icon?: ReactNode;
  disabled?: boolean;
  onDone?: () => void;
}

/** One console action: runs the mutation, says how many jobs it touched, and refreshes what is on screen. */
export function JobActionButton({ action, variables, label, icon, disabled, onDone }: Props) {
  const groupId = useGroupId();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const affected = await runJobAction(action, variables, groupId);
      notify('shb.jobs.done', { type: 'info', messageArgs: { smart_count: affected } });
      onDone?.();
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button label={label} onClick={(event) => { event.stopPropagation(); void run(); }} disabled={disabled || busy}>
      {icon}
    </Button>
  );
}
