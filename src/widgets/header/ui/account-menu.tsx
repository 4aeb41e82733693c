import { IconChevronDown } from '@/shared/ui/icons';
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';

export type MenuEntry = { key: string; label: string; onSelect: () => void; separated?: boolean };

type AccountMenuProps = {
  label: ReactNode;
  entries: readonly MenuEntry[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * The account dropdown as a WAI-ARIA menu button (Enter/Space/arrows open it, arrows move, Escape and a
 * click outside close it). Written here rather than with Semi's Dropdown, which brings its tooltip and
 * positioning engine to every public page's first visit.
 */
export function AccountMenu({ label, entries, open, onOpenChange }: AccountMenuProps) {
  const root = useRef<HTMLDivElement>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);
  const trigger = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    items.current[0]?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) onOpenChange(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open, onOpenChange]);

  const focusAt = (index: number) => {
    const count = entries.length;
    items.current[(index + count) % count]?.focus();
  };

  const onMenuKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const current = items.current.indexOf(document.activeElement as HTMLButtonElement);
    if (event.key === 'ArrowDown') focusAt(current + 1);
    else if (event.key === 'ArrowUp') focusAt(current - 1);
    else if (event.key === 'Home') focusAt(0);
    else if (event.key === 'End') focusAt(entries.length - 1);
    else if (event.key === 'Escape' || event.key === 'Tab') {
      onOpenChange(false);
      if (event.key === 'Escape') trigger.current?.focus();
      return;
    } else return;
    event.preventDefault();
  };

  return (
    <div className="account-menu" ref={root}>
      <button
        ref={trigger}
        type="button"
        className="site-header__account"
        data-testid="header-account"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => onOpenChange(!open)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            onOpenChange(true);
          }
        }}
      >
        <span className="site-header__account-name">{label}</span>
        <IconChevronDown size="small" />
      </button>
      {open ? (
        <ul className="account-menu__list" role="menu" onKeyDown={onMenuKey}>
          {entries.map((entry, index) => (
            <li key={entry.key} role="none" className={entry.separated ? 'account-menu__separated' : undefined}>
              <button
                ref={(node) => {
                  items.current[index] = node;
                }}
                type="button"
                role="menuitem"
                tabIndex={-1}
                onClick={entry.onSelect}
              >
                {entry.label}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
