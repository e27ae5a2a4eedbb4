import { useEffect, useId, useRef, type ReactNode } from 'react';

type Props = { title: string; onClose(): void; children: ReactNode; className?: string };

/**
 * A modal dialog, open while mounted. The native <dialog> shown with showModal() supplies the overlay
 * (::backdrop), keeps focus inside and closes on Escape; the × button closes it too.
 */
export function Modal({ title, onClose, children, className }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    element.showModal();
    const handleClose = () => onCloseRef.current();
    element.addEventListener('close', handleClose);
    return () => {
      element.removeEventListener('close', handleClose);
      if (element.open) element.close();
      // Give focus back to what opened the dialog, as a keyboard user expects.
      opener?.focus();
    };
  }, []);

  return (
    <dialog ref={dialog} className={`modal ${className ?? ''}`} aria-labelledby={titleId}>
      <div className="modal__header">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="modal__close" aria-label="Close" onClick={() => dialog.current?.close()}>
          ×
        </button>
      </div>
      <div className="modal__body">{children}</div>
    </dialog>
  );
}
