import { TabPane, Tabs } from '@douyinfe/semi-ui-19';
import type { ReactNode } from 'react';

export type FilterTabsProps<K extends string | number> = {
  /** The tabs, in order; each is also the value `onChange` receives. */
  keys: readonly K[];
  activeKey: K;
  title: (key: K) => string;
  onChange: (key: K) => void;
  /** The one list the tabs filter: shown in the selected tab's panel, the other panels stay empty. */
  children: ReactNode;
};

/** Tabs that filter one list (Semi's Tabs, manual activation): the list moves to the panel of the tab chosen. */
export function FilterTabs<K extends string | number>({ keys, activeKey, title, onChange, children }: FilterTabsProps<K>) {
  const choose = (itemKey: string) => {
    const next = keys.find((key) => String(key) === itemKey);
    if (next !== undefined) onChange(next);
  };
  return (
    <Tabs type="line" activeKey={String(activeKey)} onChange={choose} tabPaneMotion={false}>
      {keys.map((key) => (
        <TabPane key={key} itemKey={String(key)} tab={title(key)}>
          {key === activeKey ? children : null}
        </TabPane>
      ))}
    </Tabs>
  );
}
