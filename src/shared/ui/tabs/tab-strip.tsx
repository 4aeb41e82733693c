import { useRef, type KeyboardEvent } from 'react';
import { useScrollEdges } from './use-scroll-edges';

export type TabStripItem<K extends string | number> = { key: K; title: string };

export type TabStripProps<K extends string | number> = {
  /** Prefix of the tab ids (`<id>-tab-<key>`); unique on the page. */
  id: string;
  /** Accessible name of the tab list. */
  label: string;
  items: readonly TabStripItem<K>[];
  activeKey: K;
  onChange: (key: K) => void;
  /** Id of the panel each tab controls: one shared panel (a list filtered by the tab) or `<id>-panel-<key>`. */
  panelId?: string;
  /** Class of the list and of each tab (the selected one also gets `<tabClassName>--active`). */
  listClassName?: string;
  tabClassName?: string;
};

/** Index of the tab an arrow key, Home or End moves to (wrapping), or null for any other key. */
export function nextTabIndex(key: string, index: number, count: number): number | null {
  const last = count - 1;
  if (key === 'ArrowRight') return index >= last ? 0 : index + 1;
  if (key === 'ArrowLeft') return index <= 0 ? last : index - 1;
  if (key === 'Home') return 0;
  if (key === 'End') return last;
  return null;
}

/**
 * The WAI-ARIA tab list (roving tabindex; arrow keys, Home and End on each tab move the selection and the
 * focus). `Tabs` puts one panel per tab under it; pages whose tabs filter one list give a shared `panelId`.
 */
export function TabStrip<K extends string | number>({
  id,
  label,
  items,
  activeKey,
  onChange,
  panelId,
  listClassName = 'tabs__list',
  tabClassName = 'tabs__tab',
}: TabStripProps<K>) {
  const buttons = useRef(new Map<K, HTMLButtonElement>());
  const strip = useScrollEdges<HTMLDivElement>();

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const next = nextTabIndex(
      event.key,
      items.findIndex((item) => item.key === activeKey),
      items.length,
    );
    const target = next === null ? undefined : items[next];
    if (!target) return;
    event.preventDefault();
    onChange(target.key);
    buttons.current.get(target.key)?.focus();
  };

  return (
    <div ref={strip} className={`${listClassName} scroll-strip`} role="tablist" aria-label={label}>
      {items.map((item) => {
        const selected = item.key === activeKey;
        return (
          <button
            key={item.key}
            ref={(node) => {
              if (node) buttons.current.set(item.key, node);
              else buttons.current.delete(item.key);
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${item.key}`}
            aria-selected={selected}
            aria-controls={panelId ?? `${id}-panel-${item.key}`}
            tabIndex={selected ? 0 : -1}
            className={`${tabClassName}${selected ? ` ${tabClassName}--active` : ''}`}
            onClick={() => onChange(item.key)}
            onKeyDown={onKeyDown}
          >
            {item.title}
          </button>
        );
      })}
    </div>
  );
}
