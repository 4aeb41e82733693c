import { IconClose } from '@douyinfe/semi-icons';
import { useEffect, useRef, type ReactNode } from 'react';

type SideMenuProps = {
  title: string;
  closeLabel: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
};

/**
 * The phone-width menu: a native modal <dialog> sliding in from the right. The browser gives it the
 * focus trap, Escape to close and the inert page behind it.
 */
export function SideMenu({ title, closeLabel, open, onClose, children }: SideMenuProps) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const node = dialog.current;
    if (!node) return;
    if (open && !node.open) node.showModal();
    if (!open && node.open) node.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className="side-menu"
      aria-label={title}
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === dialog.current) onClose();
      }}
    >
      <div className="side-menu__panel">
        <div className="side-menu__head">
          <strong>{title}</strong>
          <button type="button" className="side-menu__close" aria-label={closeLabel} onClick={onClose}>
            <IconClose />
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}
