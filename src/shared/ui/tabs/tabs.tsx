import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useScrollEdges } from './use-scroll-edges';
import './tabs.css';

export type TabItem = { key: string; title: string; panel: ReactNode };

export type TabsProps = {
  /** Prefix of the tab and panel ids; unique on the page. */
  id: string;
  /** Accessible name of the tab list. */
  label: string;
  items: readonly TabItem[];
  activeKey: string;
  onChange: (key: string) => void;
};

/**
 * A small WAI-ARIA tabs widget (arrow keys, Home, End). Semi's Tabs costs about 10 KB gzipped on the
 * sign-in page, whose first visit has a 200 KB budget; this one is a few hundred bytes. A panel is
 * mounted when first shown and then kept, so switching back does not lose what was typed.
 */
export function Tabs({ id, label, items, activeKey, onChange }: TabsProps) {
  const [visited, setVisited] = useState<ReadonlySet<string>>(() => new Set([activeKey]));
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const strip = useScrollEdges<HTMLDivElement>();
  if (!visited.has(activeKey)) setVisited(new Set([...visited, activeKey]));

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = items.findIndex((item) => item.key === activeKey);
    const last = items.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index >= last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index <= 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    const target = next === null ? undefined : items[next];
    if (!target) return;
    event.preventDefault();
    onChange(target.key);
    buttons.current.get(target.key)?.focus();
  };

  return (
    <div className="tabs">
      <div ref={strip} className="tabs__list scroll-strip" role="tablist" aria-label={label}>
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
              aria-controls={`${id}-panel-${item.key}`}
              tabIndex={selected ? 0 : -1}
              className={`tabs__tab${selected ? ' tabs__tab--active' : ''}`}
              onClick={() => onChange(item.key)}
              onKeyDown={onKeyDown}
            >
              {item.title}
            </button>
          );
        })}
      </div>
      {items.map((item) =>
        visited.has(item.key) ? (
          <div
            key={item.key}
            role="tabpanel"
            id={`${id}-panel-${item.key}`}
            aria-labelledby={`${id}-tab-${item.key}`}
            hidden={item.key !== activeKey}
            className="tabs__panel"
          >
            {item.panel}
          </div>
        ) : null,
      )}
    </div>
  );
}
