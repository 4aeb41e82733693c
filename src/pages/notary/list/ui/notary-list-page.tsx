import { Button } from '@douyinfe/semi-ui-19';
import { useUnit } from 'effector-react';
import { useTranslation } from '@/shared/i18n';
import { paths } from '@/shared/routing';
import { NotaryTable } from '@/widgets/notary-table';
import { applyRequested } from '@/features/apply-notary';
import './notary-list-page.css';

/** `/notary` 'My notarisation' (spec section 2): the orders, and 'New notarisation' for verified users. */
export function NotaryListPage() {
  const { t } = useTranslation('notary');
  const onApply = useUnit(applyRequested);
  return (
    <div className="page notary-page">
      <div className="notary-page__head">
        <h1 className="notary-page__title">{t('list.title')}</h1>
        <Button theme="solid" type="primary" onClick={() => onApply({ next: paths.notarySelectList })}>
          {t('list.new')}
        </Button>
      </div>
      <NotaryTable />
    </div>
  );
}
