import type { ReactElement, ReactNode } from 'react';
import { Alert, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Button as MuiButton } from '@mui/material';
import { Button } from 'react-admin';
import { useDialogAction } from './useDialogAction';

export interface ConfirmActionProps {
  label: string;
  title: string;
  explanation: string;
  confirm: string;
  icon: ReactElement;
  testId: string;
  act: () => Promise<void>;
  /** Inputs the action needs (a reason), shown under the explanation. */
  children?: ReactNode;
  /** False while those inputs are not filled in: the confirm button waits. */
  ready?: boolean;
  /** After the action succeeded: clear the inputs for next time. */
  onDone?: () => void;
}

/**
 * A button that asks before an action that cannot be undone (with the inputs it needs, if any), then runs it;
 * the server's refusal stays in the dialog (the API's message) until the user cancels or tries again.
 */
export function ConfirmAction(props: ConfirmActionProps) {
  const { open, setOpen, busy, error, run } = useDialogAction();
  const submit = () =>
    run(async () => {
      await props.act();
      props.onDone?.();
    });
  const titleId = `${props.testId}-title`;
  return (
    <>
      <Button label={props.label} onClick={() => setOpen(true)} data-testid={props.testId}>
        {props.icon}
      </Button>
      <Dialog open={open} onClose={() => !busy && setOpen(false)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{props.title}</DialogTitle>
        <DialogContent sx={{ minWidth: 360 }}>
          <DialogContentText sx={props.children ? { mb: 2 } : undefined}>{props.explanation}</DialogContentText>
          {props.children}
          {error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error.message}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)} disabled={busy}>
            Cancel
          </MuiButton>
          <MuiButton variant="contained" color="warning" onClick={() => void submit()} disabled={busy || props.ready === false}>
            {props.confirm}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}
