import { Button } from '@douyinfe/semi-ui-19';
import { useUnit } from 'effector-react';
import { useTranslation } from '@/shared/i18n';
import { $hasUnread, $readAllPending, readAllClicked } from '../model/read-all';

/** "Mark all read": disabled while nothing is unread; `busy` when another change to the list is under way. */
export function ReadAllButton({ busy = false }: { busy?: boolean }) {
  const { t } = useTranslation('notifications');
  const [hasUnread, pending, onReadAll] = useUnit([$hasUnread, $readAllPending, readAllClicked]);
  return (
    <Button onClick={onReadAll} disabled={!hasUnread} loading={pending || busy}>
      {t('readAll')}
    </Button>
  );
}
