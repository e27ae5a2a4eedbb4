import type { ReactElement, ReactNode } from 'react';
import { Dialog, DialogActions, DialogContent, DialogTitle, Stack, Button as MuiButton } from '@mui/material';
import { Button } from 'react-admin';
import type { useDialogAction } from './useDialogAction';

export interface ActionDialogProps {
  /** The dialog's state (useDialogAction), kept by the caller, which also reads its error. */
  action: ReturnType<typeof useDialogAction>;
  label: string;
  icon: ReactElement;
  /** The button's test id; the dialog's title id is derived from it. */
  testId: string;
  title: string;
  submitLabel: string;
  onSubmit: () => Promise<void>;
  /** False while the inputs are not ready: the submit button waits. */
  canSubmit?: boolean;
  /** An action that cannot be undone: the submit button is a warning. */
  warning?: boolean;
  minWidth?: number;
  /** The dialog's inputs and messages, stacked. */
  children: ReactNode;
}

/**
 * A toolbar button opening a dialog that runs one action: title, the caller's inputs, Cancel and the submit
 * button (busy while the action runs; the dialog closes when it succeeds and cannot be closed meanwhile).
 */
export function ActionDialog({ action, label, icon, testId, title, submitLabel, onSubmit, canSubmit = true, warning = false, minWidth = 360, children }: ActionDialogProps) {
  const { open, setOpen, busy, run } = action;
  const titleId = `${testId}-title`;
  return (
    <>
      <Button label={label} onClick={() => setOpen(true)} data-testid={testId}>
        {icon}
      </Button>
      <Dialog open={open} onClose={() => !busy && setOpen(false)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          {/* The minimum width from the small breakpoint up: on a phone the dialog is as wide as the screen allows. */}
          <Stack spacing={2} sx={{ pt: 1, minWidth: { sm: minWidth } }}>
            {children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)} disabled={busy}>
            Cancel
          </MuiButton>
          <MuiButton variant="contained" color={warning ? 'warning' : 'primary'} onClick={() => void run(onSubmit)} disabled={busy || !canSubmit}>
            {submitLabel}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}
