import { Button } from '@douyinfe/semi-ui-19';
import { useUnit } from 'effector-react';
import { useTranslation } from '@/shared/i18n';
import { deleteRequested, type DeleteTarget } from '../model/delete';

export function DeleteEvidenceButton({ target }: { target: DeleteTarget }) {
  const { t } = useTranslation('evidence');
  const onDelete = useUnit(deleteRequested);
  return (
    <Button size="small" theme="borderless" type="danger" onClick={() => onDelete(target)}>
      {t('list.delete')}
    </Button>
  );
}
