import { useNotify } from './NotifyProvider';
import './notifications.css';

const KIND_LABEL = { success: 'Done', info: 'Note', infoPersistent: 'Note', notification: 'New notification', warning: 'Warning', error: 'Error' } as const;

/** Local notifications in the corner of the page; errors are announced at once, the rest politely. */
export function Toasts() {
  const { toasts, closeToast } = useNotify();
  return (
    <div className="toasts" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast--${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'}>
          <span className="toast__kind">{KIND_LABEL[toast.kind]}:</span> <span className="toast__message">{toast.message}</span>
          <button type="button" className="toast__close" aria-label="Close" onClick={() => closeToast(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
