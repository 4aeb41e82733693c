import { useState, type ReactNode } from 'react';
import { TabStrip } from './tab-strip';
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
 * A small WAI-ARIA tabs widget (the tab list of `TabStrip`, one panel per tab), used only by the sign-in page:
 * Semi's Tabs would take that page's first visit from 176 to 235 KB JS gzipped, over its 200 KB budget
 * (docs/decisions/ui-components.md, "Semi Tabs"). Every other page uses Semi's Tabs.
 * A panel is mounted when first shown and then kept, so switching back does not lose what was typed.
 */
export function Tabs({ id, label, items, activeKey, onChange }: TabsProps) {
  const [visited, setVisited] = useState<ReadonlySet<string>>(() => new Set([activeKey]));
  if (!visited.has(activeKey)) setVisited(new Set([...visited, activeKey]));

  return (
    <div className="tabs">
      <TabStrip id={id} label={label} items={items} activeKey={activeKey} onChange={onChange} />
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
