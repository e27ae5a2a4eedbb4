import type { ReactElement, ReactNode } from 'react';
import { Alert, DialogContentText } from '@mui/material';
import { ActionDialog } from './ActionDialog';
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
  const action = useDialogAction();
  return (
    <ActionDialog
      action={action}
      label={props.label}
      icon={props.icon}
      testId={props.testId}
      title={props.title}
      submitLabel={props.confirm}
      warning
      canSubmit={props.ready !== false}
      onSubmit={async () => {
        await props.act();
        props.onDone?.();
      }}
    >
      <DialogContentText>{props.explanation}</DialogContentText>
      {props.children}
      {action.error && <Alert severity="error">{action.error.message}</Alert>}
    </ActionDialog>
  );
}
