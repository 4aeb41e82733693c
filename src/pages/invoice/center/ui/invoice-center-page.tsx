import { TabPane, Tabs } from '@douyinfe/semi-ui-19';
import { useGate, useUnit } from 'effector-react';
import { useTranslation } from '@/shared/i18n';
import { useSearchParams } from 'react-router-dom';
import { $tab, InvoiceCenterGate, tabChosen, tabOf } from '../model/center';
import { ApplicationsPanel } from './applications-panel';
import { HeadersPanel } from './headers-panel';
import './invoice-center.css';

/** `/invoice`: tabs applications (1) and invoice headers (2), the latter also by `?activeName=2`. */
export function InvoiceCenterPage() {
  const { t } = useTranslation('invoice');
  const [search] = useSearchParams();
  useGate(InvoiceCenterGate, { activeName: search.get('activeName') });
  const [tab, onTab] = useUnit([$tab, tabChosen]);
  return (
    <div className="page invoice-center">
      <h1 className="invoice-center__title">{t('title')}</h1>
      <Tabs type="line" activeKey={tab} onChange={(key) => onTab(tabOf(key))} lazyRender tabPaneMotion={false}>
        <TabPane itemKey="1" tab={t('tabs.1')}>
          <ApplicationsPanel />
        </TabPane>
        <TabPane itemKey="2" tab={t('tabs.2')}>
          <HeadersPanel />
        </TabPane>
      </Tabs>
    </div>
  );
}
