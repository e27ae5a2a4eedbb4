import { useState } from 'react';
import { ActionError } from '../providers/graphql-action';

/**
 * The state of a dialog that runs one action: open or not, busy while the action runs, the refusal it got
 * (kept as an ActionError so field messages can go under their inputs). `run` closes the dialog when the
 * action succeeds and keeps it open with the error when it is refused.
 */
export function useDialogAction() {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ActionError | null>(null);
  const run = async (act: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await act();
      setOpen(false);
    } catch (failure) {
      setError(failure instanceof ActionError ? failure : new ActionError(failure instanceof Error ? failure.message : String(failure), {}));
    } finally {
      setBusy(false);
    }
  };
  return { open, setOpen, busy, error, run };
}
