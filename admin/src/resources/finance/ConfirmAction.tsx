import { useState, type ReactElement } from 'react';
import { Alert, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Button as MuiButton } from '@mui/material';
import { Button } from 'react-admin';

/**
 * A button that asks before an action that cannot be undone, then runs it; the server's refusal stays in the
 * dialog (the API's message) until the user cancels or tries again.
 */
export function ConfirmAction(props: { label: string; title: string; explanation: string; confirm: string; icon: ReactElement; testId: string; act: () => Promise<void> }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      await props.act();
      setOpen(false);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };
  const titleId = `${props.testId}-title`;
  return (
    <>
      <Button label={props.label} onClick={() => setOpen(true)} data-testid={props.testId}>
        {props.icon}
      </Button>
      <Dialog open={open} onClose={() => !busy && setOpen(false)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{props.title}</DialogTitle>
        <DialogContent sx={{ minWidth: 360 }}>
          <DialogContentText>{props.explanation}</DialogContentText>
          {error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)} disabled={busy}>
            Cancel
          </MuiButton>
          <MuiButton variant="contained" color="warning" onClick={() => void submit()} disabled={busy}>
            {props.confirm}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}
