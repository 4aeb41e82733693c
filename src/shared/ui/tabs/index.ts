export { Tabs } from './tabs';
export type { TabItem, TabsProps } from './tabs';
export { TabStrip, nextTabIndex } from './tab-strip';
export type { TabStripItem, TabStripProps } from './tab-strip';
export { useScrollEdges } from './use-scroll-edges';
