import { useEffect, useId, useRef, type ReactNode } from 'react';
import './dialog.css';

export type DialogProps = {
  title: string;
  open: boolean;
  onClose: () => void;
  closeLabel: string;
  children: ReactNode;
  footer?: ReactNode;
  /** CSS width of the panel, e.g. `80%` (the image preview, spec section 9) or `420px`. */
  width?: string;
  className?: string;
};

/**
 * A modal dialog on the native <dialog> element: focus trap, Escape and the inert page come from the
 * browser, so public pages get a dialog without Semi's Modal (about 20 KB gzipped with its portal code).
 */
export function Dialog({ title, open, onClose, closeLabel, children, footer, width, className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const node = ref.current;
    if (!node) return;
    if (open && !node.open) node.showModal();
    if (!open && node.open) node.close();
  }, [open]);

  return (
    // A click on the backdrop (which targets the <dialog> itself) closes it; the keyboard way is Escape (the
    // native cancel event below) or the close button, so no key handler belongs on this element.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- backdrop click; Escape and the close button are its keyboard equivalents
    <dialog
      ref={ref}
      className={`ui-dialog no-print${className ? ` ${className}` : ''}`}
      aria-labelledby={titleId}
      style={width ? { width } : undefined}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
    >
      {open ? (
        <div className="ui-dialog__panel">
          <div className="ui-dialog__head">
            <h2 id={titleId} className="ui-dialog__title">
              {title}
            </h2>
            <button type="button" className="ui-dialog__close" aria-label={closeLabel} onClick={onClose}>
              <span aria-hidden="true">×</span>
            </button>
          </div>
          <div className="ui-dialog__body">{children}</div>
          {footer ? <div className="ui-dialog__foot">{footer}</div> : null}
        </div>
      ) : null}
    </dialog>
  );
}
