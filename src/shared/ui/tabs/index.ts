export { Tabs } from './tabs';
export type { TabItem, TabsProps } from './tabs';
export { useScrollEdges } from './use-scroll-edges';
